import Foundation

/// One process-wide lock around every Pango and Cairo text call.
///
/// Each rasterizer has its own Pango font map, but Cairo's scaled-font cache is shared by the whole
/// process, and Cairo 1.16 can deadlock there: one thread drawing text evicts a font and calls
/// `cairo_scaled_font_destroy` (taking the global font-map mutex) while another, also drawing text,
/// holds that font's own mutex and waits for the global one. Seen as a render that hung forever with
/// both workers in `pango_cairo_show_layout`. Text is a small share of a frame's work, so shapes and
/// images still draw in parallel.
enum FontLock {
    private static let lock = NSLock()

    /// Runs `body` while no other thread is in Pango or Cairo's font code.
    static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
