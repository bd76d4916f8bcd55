import CCairo
import DisplayList
import Geometry

extension Rasterizer {
    /// Fills, then strokes, a shape.
    func draw(_ shape: ShapeItem, in cr: OpaquePointer) {
        guard shape.fill != nil || shape.stroke != nil, !shape.path.isEmpty, !coverage.isOver else { return }
        coverage.add(CoverageMeter.crossings(of: shape, in: cr, height: frameHeight), source: shape.source)
        guard !coverage.isOver else { return }
        cairo_new_path(cr)
        appendPath(shape.path, to: cr)
        if let fill = shape.fill {
            cairo_set_fill_rule(cr, fill.rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setSource(cr, fill.paint, source: shape.source)
            cairo_fill_preserve(cr)
        }
        if let stroke = shape.stroke, stroke.lineWidth.isFinite, stroke.lineWidth > 0 {
            setStrokeStyle(cr, stroke)
            setSource(cr, stroke.paint, source: shape.source)
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
    }

    /// Adds `path`'s elements to the current Cairo path; quadratic curves become cubics.
    func appendPath(_ path: Path, to cr: OpaquePointer) {
        var current = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
                current = p
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .quad(let c, let p):
                // The cubic through the same curve: controls 2/3 of the way from each end to c.
                let c1 = current + (c - current) * (2.0 / 3.0)
                let c2 = p + (c - p) * (2.0 / 3.0)
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .cubic(let c1, let c2, let p):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .close:
                cairo_close_path(cr)
                var x = 0.0, y = 0.0
                cairo_get_current_point(cr, &x, &y)
                current = Point(x, y)
            }
        }
    }

    /// Line width, cap, join, miter limit and dash of `stroke`.
    private func setStrokeStyle(_ cr: OpaquePointer, _ stroke: Stroke) {
        cairo_set_line_width(cr, stroke.lineWidth)
        switch stroke.lineCap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
        switch stroke.lineJoin {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(cr, stroke.miterLimit.isFinite ? max(1, stroke.miterLimit) : 10)
        // Cairo enters an error state for negative dashes or all-zero ones: draw those solid.
        let dash = stroke.dash
        let usable = dash.allSatisfy { $0.isFinite && $0 >= 0 } && dash.contains { $0 > 0 }
        if usable {
            cairo_set_dash(cr, dash, Int32(dash.count), stroke.dashPhase.isFinite ? stroke.dashPhase : 0)
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
    }

    /// Makes `paint` the source; `source` names the shape it paints, for the drawing budget.
    func setSource(_ cr: OpaquePointer, _ paint: Paint, source: String = "") {
        switch paint {
        case .color(let color):
            setSource(cr, color)
        case .linearGradient(let gradient):
            let pattern = cairo_pattern_create_linear(gradient.start.x, gradient.start.y,
                                                      gradient.end.x, gradient.end.y)
            setGradientSource(cr, pattern, gradient.stops, gradient.colorSpace)
        case .radialGradient(let gradient):
            let c = gradient.center
            let r0 = gradient.startRadius.isFinite ? max(0, gradient.startRadius) : 0
            let r1 = gradient.endRadius.isFinite ? max(0, gradient.endRadius) : 0
            let pattern = cairo_pattern_create_radial(c.x, c.y, r0, c.x, c.y, r1)
            if gradient.transform != .identity {
                // Cairo's pattern matrix maps user space to pattern space: the inverse. A flat rectangle
                // has no inverse; its last stop's colour stands in (it covers no area anyway).
                guard let inverse = gradient.transform.inverted else {
                    cairo_pattern_destroy(pattern)
                    return setSource(cr, gradient.stops.last?.color ?? Color(red: 0, green: 0, blue: 0, alpha: 0))
                }
                var m = cairo_matrix_t(xx: inverse.a, yx: inverse.b, xy: inverse.c, yy: inverse.d, x0: inverse.tx, y0: inverse.ty)
                cairo_pattern_set_matrix(pattern, &m)
            }
            setGradientSource(cr, pattern, gradient.stops, gradient.colorSpace)
        case .angularGradient(let gradient):
            setAngularSource(cr, gradient, source: source)
        }
    }

    /// Makes a solid colour (straight alpha) the source.
    func setSource(_ cr: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cr, unit(color.red), unit(color.green), unit(color.blue), unit(color.alpha))
    }

    /// Cairo interpolates straight colours between stops; SwiftUI's gradients interpolate premultiplied,
    /// in sRGB or Oklab, so the stops go through `GradientStop.ramp(_:in:)` first.
    private func setGradientSource(_ cr: OpaquePointer, _ pattern: OpaquePointer?, _ stops: [GradientStop],
                                   _ colorSpace: GradientColorSpace) {
        for stop in GradientStop.ramp(stops, in: colorSpace) {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, unit(stop.location), unit(c.red), unit(c.green),
                                              unit(c.blue), unit(c.alpha))
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// `value` clamped to 0...1, NaN read as 0.
    func unit(_ value: Double) -> Double {
        value > 0 ? min(value, 1) : 0
    }
}
