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
        guard let image = Symbols.image(name, pointSize: env.font.size * env.imageScale, weightClass: env.font.weight.value) else {
            throw SceneError(path: symbol.name.path, location: symbol.name.location,
                             message: "\(scope.timeLabel): " + SymbolName.unknownMessage(name))
        }
        return image
    }

    /// The symbol drawn at its own size, centred in the rectangle its layout gave it (a symbol image is
    /// not resizable: a larger frame leaves space around it, as in SwiftUI), with its symbol effect's
    /// scale about that centre and opacity, and during a replace both the old and the new symbol. A
    /// layered symbol draws each layer as its own shape, with the opacity variable colour gives it.
    func renderSymbol(_ node: Node, _ symbol: SymbolSpec, in rect: Rect, _ scope: ComposeScope,
                      _ env: LayoutEnvironment) throws(SceneError) -> [DisplayItem] {
        let name = try scope.string(symbol.name)
        var items: [DisplayItem] = []
        for layer in try symbolLayers(symbol, name: name, node: node, scope) where layer.opacity > 0 && layer.scale > 0 {
            guard let image = Symbols.layeredImage(layer.name, pointSize: env.font.size * env.imageScale,
                                                   weightClass: env.font.weight.value) else {
                throw SceneError(path: symbol.name.path, location: symbol.name.location,
                                 message: "\(scope.timeLabel): " + SymbolName.unknownMessage(layer.name))
            }
            let k = layer.scale
            let place = Transform.translation(-image.size.width / 2, -image.size.height / 2)
                .concatenating(.scale(k, k)).concatenating(.translation(rect.midX, rect.midY))
            let variable = try variableOpacities(symbol, name: layer.name, scope)
            // A palette: a symbol's layers that are always drawn (the speaker, the mast) are its primary
            // layer, its variable layers (the waves) its secondary; a symbol whose layers are all variable
            // (wifi, cellularbars) or that is one outline is all primary.
            let secondary = env.palette.first.flatMap { colour in
                image.layers.contains { $0.variableIndex == nil } ? colour : nil
            }
            for part in image.layers {
                let partOpacity = part.variableIndex.map { variable[$0] } ?? 1
                guard partOpacity > 0 else { continue }
                let path = part.path.applying(place)
                try scope.work.addPoints(path.pointCount, at: node.path, time: scope.timeLabel)
                var color = part.variableIndex != nil ? secondary ?? env.foreground : env.foreground
                color.alpha *= min(1, layer.opacity) * partOpacity
                items.append(.shape(ShapeItem(path: path, fill: Fill(paint: .color(color)), source: "\(node.path)")))
            }
        }
        return items
    }
}
