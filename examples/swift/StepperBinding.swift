import SwiftUI

// Hacking with Swift's binding animation: the stepper's binding carries the animation, so the button
// springs to its new scale whenever the stepper changes the amount.
struct StepperBinding: View {
    @State private var animationAmount = 1.0

    var body: some View {
        VStack(spacing: 60) {
            Stepper("Scale amount", value: $animationAmount.animation(.spring(response: 0.45, dampingFraction: 0.55)), in: 1...3, step: 0.5)
                .accessibilityIdentifier("amount")
            Button("Tap Me") {
                animationAmount += 0.5
            }
            .padding(30)
            .background(Color.red)
            .foregroundColor(.white)
            .clipShape(Circle())
            .scaleEffect(animationAmount)
            .accessibilityIdentifier("tapMe")
        }
        .padding(24)
    }
}

#Preview {
    StepperBinding()
}
