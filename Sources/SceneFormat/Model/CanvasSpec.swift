import Expressions

/// SwiftUI's `Canvas { context, size in ... }`: drawing commands run in order on a `GraphicsContext`,
/// in the canvas's own coordinates (origin at its top-left, `w` and `h` its size).
///
/// As in `GraphicsContext`, `translateBy`, `rotate`, `scaleBy`, `opacity` and `clip` change the context for the
/// commands after them; a `layer` (`drawLayer`) draws with a copy of the context, so its changes end with
/// it. Apple: https://developer.apple.com/documentation/swiftui/canvas and
/// https://developer.apple.com/documentation/swiftui/graphicscontext
public struct CanvasSpec: Sendable {
    public var commands: [CanvasCommand]

    public init(commands: [CanvasCommand]) {
        self.commands = commands
    }
}

/// The path a `fill` or `stroke` draws: path commands, or a shape in a rectangle.
public enum CanvasPath: Sendable {
    /// `Path { p in p.move(to:) ... }`: the format's path commands.
    case commands([PathCommand])
    /// `Path(ellipseIn:)`, `Circle().path(in:)`, `Path(_ rect:)`, `Path(roundedRect:cornerRadius:)`,
    /// `Capsule().path(in:)`: a shape in the rectangle [x, y, width, height].
    case shape(CanvasShape, rect: [Binding], cornerRadius: Binding?)

    /// The bindings the path reads (a plot's y expression also reads `x`).
    public var bindings: [Binding] {
        switch self {
        case .commands(let commands): return commands.flatMap(\.arguments)
        case .shape(_, let rect, let radius): return rect + [radius].compactMap { $0 }
        }
    }
}

/// A shape a canvas path can be built from.
public enum CanvasShape: String, Sendable, CaseIterable {
    case ellipse, circle, rect, roundedRect, capsule
}

/// One `GraphicsContext` operation.
public indirect enum CanvasCommand: Sendable {
    /// `context.fill(path, with: .color(color))`.
    case fill(CanvasPath, color: Binding, path: JSONPath)
    /// `context.stroke(path, with: .color(color), style: StrokeStyle(...))`.
    case stroke(CanvasPath, color: Binding, lineWidth: Binding, lineCap: StrokeCap, lineJoin: StrokeJoin, dash: [Binding],
                path: JSONPath)
    /// `context.draw(Text(...), at: point, anchor: unitPoint)`.
    case text(TextSpec.Run, at: [Binding], anchor: (x: Double, y: Double), path: JSONPath)
    /// `context.clip(to: path)`: later draws show only inside the path (and inside earlier clips).
    case clip(CanvasPath, path: JSONPath)
    /// `context.opacity = value`.
    case opacity(Binding)
    /// `context.translateBy(x:y:)`.
    case translate(x: Binding, y: Binding)
    /// `context.rotate(by: .degrees(value))`.
    case rotate(degrees: Binding)
    /// `context.scaleBy(x:y:)`.
    case scale(x: Binding, y: Binding)
    /// `let name = value` for the commands after it in the same list.
    case lets([(name: String, value: Binding)])
    /// `for name in 0..<count { commands }`: the context's changes carry from one pass to the next.
    case repeatCommands(count: Binding, name: String, commands: [CanvasCommand], path: JSONPath)
    /// `context.drawLayer { layer in commands }`: drawn with a copy of the context (its transform and clips,
    /// opacity 1) into a layer composited with the context's opacity; changes inside end with the layer.
    case layer([CanvasCommand], path: JSONPath)
}
