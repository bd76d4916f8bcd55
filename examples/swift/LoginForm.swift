import SwiftUI

// The twin of examples/login-form.json: a sign-in card whose Sign In button stays disabled while the
// email is empty. The sidecar's script taps Sign In (nothing happens), taps the field (it takes focus),
// types an address and taps Sign In.
struct LoginForm: View {
    @State private var email = ""
    @FocusState private var editing: Bool
    @State private var signedIn = false

    var body: some View {
        VStack(spacing: 12) {
            Text("Sign in")
                .font(.title2.bold())
                .frame(maxWidth: .infinity, alignment: .leading)
            TextField("Email", text: $email)
                .textFieldStyle(.roundedBorder)
                .focused($editing)
                .accessibilityIdentifier("emailField")
            Button("Sign In") {
                signedIn = true
                editing = false
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            .disabled(email.isEmpty)
            .accessibilityIdentifier("signIn")
            HStack {
                Button("Forgot password?") { }
                    .controlSize(.small)
                    .frame(maxWidth: .infinity, alignment: .leading)
                Button("Cancel", role: .destructive) { }
                    .buttonStyle(.bordered)
                    .controlSize(.small)
            }
            Text(signedIn ? "Signed in as \(email)" : " ")
                .font(.system(size: 13))
                .foregroundColor(.secondary)
                .frame(maxWidth: .infinity, alignment: .leading)
        }
        .frame(width: 288)
        .padding(16)
        .background(RoundedRectangle(cornerRadius: 10).fill(.white))
    }
}

#Preview {
    LoginForm()
}
