import DisplayList
import Geometry
import Pixels
@testable import Raster
import XCTest

final class GroupRasterTests: XCTestCase {
    private let wholeCanvas = Path.rect(Rect(x: 0, y: 0, width: 20, height: 20))

    func testGroupOpacityBlendsOverBackground() throws {
        let group = GroupItem(opacity: 0.5, children: [filled(wholeCanvas, red)])
        let image = try renderItems([.group(group)], width: 20, height: 20, background: blue)
        // 0.5 * red + 0.5 * blue = (127.5, 0, 127.5).
        assertPixel(image[10, 10], 128, 0, 128, 255, tolerance: 1)
    }

    func testGroupOpacityAppliesToOverlappingChildrenAsOneLayer() throws {
        // Two overlapping opaque children: the group is flattened first, so the overlap is not darker.
        let group = GroupItem(opacity: 0.5, children: [filled(wholeCanvas, .black), filled(wholeCanvas, .black)])
        let image = try renderItems([.group(group)], width: 20, height: 20)
        assertPixel(image[10, 10], 128, 128, 128, 255, tolerance: 1)
    }

    func testInvisibleGroupsAreSkipped() throws {
        for opacity in [0.0, -1, .nan] {
            let group = GroupItem(opacity: opacity, children: [filled(wholeCanvas, red)])
            let image = try renderItems([.group(group)], width: 20, height: 20)
            assertPixel(image[10, 10], 255, 255, 255, 255, "opacity \(opacity)")
        }
    }

    func testOpacityAboveOneIsClamped() throws {
        let group = GroupItem(opacity: 3, children: [filled(wholeCanvas, red)])
        let image = try renderItems([.group(group)], width: 20, height: 20)
        assertPixel(image[10, 10], 255, 0, 0, 255)
    }

    func testTransformMovesChildren() throws {
        let square = filled(.rect(Rect(x: 0, y: 0, width: 4, height: 4)), red)
        let group = GroupItem(transform: Transform.scale(2, 2).concatenating(.translation(10, 6)), children: [square])
        let image = try renderItems([.group(group)], width: 20, height: 20)
        // The 4x4 square becomes 8x8 at (10, 6).
        assertPixel(image[10, 6], 255, 0, 0, 255)
        assertPixel(image[17, 13], 255, 0, 0, 255)
        assertPixel(image[18, 13], 255, 255, 255, 255)
        assertPixel(image[9, 6], 255, 255, 255, 255)
        assertPixel(image[10, 14], 255, 255, 255, 255)
    }

    func testSingularTransformDrawsNothingAndLaterItemsStillDraw() throws {
        let group = GroupItem(transform: .scale(0, 1), children: [filled(wholeCanvas, red)])
        let after = filled(.rect(Rect(x: 0, y: 0, width: 5, height: 5)), blue)
        let image = try renderItems([.group(group), after], width: 20, height: 20)
        assertPixel(image[10, 10], 255, 255, 255, 255)
        assertPixel(image[2, 2], 0, 0, 255, 255)
    }

    func testClipToRect() throws {
        let group = GroupItem(clip: .rect(Rect(x: 0, y: 0, width: 10, height: 20)), children: [filled(wholeCanvas, red)])
        let image = try renderItems([.group(group)], width: 20, height: 20)
        for x in 0..<20 {
            if x < 10 { assertPixel(image[x, 7], 255, 0, 0, 255, "at \(x)") }
            else { assertPixel(image[x, 7], 255, 255, 255, 255, "at \(x)") }
        }
    }

    func testClipIsInTheGroupsTransformedCoordinates() throws {
        let group = GroupItem(transform: .translation(10, 0), clip: .rect(Rect(x: 0, y: 0, width: 5, height: 20)),
                              children: [filled(.rect(Rect(x: -10, y: 0, width: 20, height: 20)), red)])
        let image = try renderItems([.group(group)], width: 20, height: 20)
        assertPixel(image[9, 5], 255, 255, 255, 255)
        assertPixel(image[10, 5], 255, 0, 0, 255)
        assertPixel(image[14, 5], 255, 0, 0, 255)
        assertPixel(image[15, 5], 255, 255, 255, 255)
    }

    func testMaskByHalfTransparentShape() throws {
        let mask: [DisplayItem] = [filled(.rect(Rect(x: 0, y: 0, width: 10, height: 20)), Color.black.opacity(0.5))]
        let group = GroupItem(mask: mask, children: [filled(wholeCanvas, red)])
        let image = try renderItems([.group(group)], width: 20, height: 20)
        // Left: half red over white = (255, 127.5, 127.5); right: masked out entirely.
        assertPixel(image[5, 10], 255, 128, 128, 255, tolerance: 1)
        assertPixel(image[15, 10], 255, 255, 255, 255)
    }

    func testMaskUsesAlphaNotColour() throws {
        let mask: [DisplayItem] = [filled(wholeCanvas, Color(red: 0, green: 0, blue: 0, alpha: 1))]
        let group = GroupItem(mask: mask, children: [filled(wholeCanvas, red)])
        let image = try renderItems([.group(group)], width: 20, height: 20)
        assertPixel(image[5, 10], 255, 0, 0, 255)
    }

    func testMaskAndOpacityCombine() throws {
        let mask: [DisplayItem] = [filled(.rect(Rect(x: 0, y: 0, width: 10, height: 20)), Color.black.opacity(0.5))]
        let group = GroupItem(opacity: 0.5, mask: mask, children: [filled(wholeCanvas, red)])
        let image = try renderItems([.group(group)], width: 20, height: 20)
        // 25% red over white: (255, 191.25, 191.25).
        assertPixel(image[5, 10], 255, 191, 191, 255, tolerance: 1)
        assertPixel(image[15, 10], 255, 255, 255, 255)
    }
}
