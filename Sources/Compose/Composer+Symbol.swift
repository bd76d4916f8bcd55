import DisplayList
import Geometry
import SceneFormat
import Symbols

/// SF Symbols: `Image(systemName:)`, sized and weighted by the font, filled with the foreground colour.
extension Composer {
    /// The symbol's outline at the environment's font size and weight, its ink bounds at (0, 0), and the
    /// size of those bounds, which is the image's size in layout (as UIKit sizes a symbol image).
    func symbolImage(_ symbol: SymbolSpec, _ scope: ComposeScope, _ env: LayoutEnvironment) throws(SceneError) -> (path: Path, size: Size) {
        let name = try scope.string(symbol.name)
        guard let image = Symbols.image(name, pointSize: env.font.size, weightClass: env.font.weight.value) else {
            throw SceneError(path: symbol.name.path, location: symbol.name.location,
                             message: "\(scope.timeLabel): " + SymbolName.unknownMessage(name))
        }
        return image
    }

    /// The symbol drawn at its own size, centred in the rectangle its layout gave it (a symbol image is
    /// not resizable: a larger frame leaves space around it, as in SwiftUI).
    func renderSymbol(_ node: Node, _ symbol: SymbolSpec, in rect: Rect, _ scope: ComposeScope,
                      _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        let image = try symbolImage(symbol, scope, env)
        let origin = Point(rect.midX - image.size.width / 2, rect.midY - image.size.height / 2)
        let path = image.path.applying(.translation(origin.x, origin.y))
        try scope.work.addPoints(path.pointCount, at: node.path, time: scope.timeLabel)
        return [.shape(ShapeItem(path: path, fill: Fill(paint: .color(env.foreground)), source: "\(node.path)"))]
    }
}
