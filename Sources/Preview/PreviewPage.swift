/// The preview page: one HTML document, its script and its style, served from memory.
enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Flipbook preview</title>
        <link rel="stylesheet" href="/app.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <header>
          <strong id="name">Flipbook preview</strong>
          <span id="file"></span>
          <span id="status" class="status"></span>
          <a id="download" href="/api/download.gif" download>Download GIF</a>
        </header>
        <main>
          <section id="player">
            <div id="stage"><img id="frame" alt="the frame at the cursor"></div>
            <div id="error" hidden>
              <h2>The scene has an error</h2>
              <p id="error-where"></p>
              <p id="error-message"></p>
              <pre id="error-line"></pre>
              <p class="hint">Fix the file and save: the preview comes back by itself.</p>
            </div>
            <div id="controls">
              <button id="step-back" title="Previous frame (←)">◀</button>
              <button id="play" title="Play or pause (space)">Play</button>
              <button id="step-forward" title="Next frame (→)">▶</button>
              <span id="clock">0.000 s · frame 0 / 0</span>
            </div>
            <div id="timeline">
              <div id="marks"></div>
              <input id="scrubber" type="range" min="0" max="0" step="1" value="0" aria-label="frame">
            </div>
          </section>
          <aside id="inspector">
            <h2>At the cursor</h2>
            <div id="inspect"></div>
          </aside>
        </main>
        </body>
        </html>

        """

    static let style = """
        [hidden] { display: none !important; }
        body { margin: 0; font: 14px/1.4 Inter, system-ui, sans-serif; background: #f4f4f6; color: #1c1c1e; }
        header { display: flex; gap: 12px; align-items: baseline; padding: 10px 16px; background: #fff;
                 border-bottom: 1px solid #ddd; }
        header #file { color: #666; font-family: ui-monospace, monospace; font-size: 12px; }
        header #download { margin-left: auto; }
        .status.error { color: #b3261e; font-weight: 600; }
        main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; }
        #player { flex: 0 1 auto; min-width: 320px; }
        #stage { background: repeating-conic-gradient(#e6e6e9 0% 25%, #fff 0% 50%) 0 0 / 16px 16px;
                 display: inline-block; line-height: 0; border: 1px solid #ccc; }
        #stage img { max-width: calc(100vw - 420px); height: auto; }
        #error { background: #fff; border: 2px solid #b3261e; border-radius: 8px; padding: 12px 16px; max-width: 760px; }
        #error h2 { margin: 0 0 6px; font-size: 16px; color: #b3261e; }
        #error-where { font-family: ui-monospace, monospace; margin: 4px 0; }
        #error-message { font-weight: 600; margin: 4px 0; }
        #error-line { background: #fbeeee; padding: 8px; overflow-x: auto; }
        .hint { color: #666; font-size: 12px; }
        #controls { display: flex; gap: 6px; align-items: center; margin-top: 8px; }
        #controls button { font-size: 14px; min-width: 40px; height: 30px; }
        #controls #play { width: 64px; }
        #clock { font-family: ui-monospace, monospace; margin-left: 8px; }
        #timeline { position: relative; margin-top: 6px; padding-top: 14px; }
        #scrubber { width: 100%; margin: 0; }
        #marks { position: absolute; left: 0; right: 0; top: 0; height: 12px; }
        .mark { position: absolute; top: 0; height: 10px; min-width: 3px; background: #e8590c; border-radius: 2px;
                opacity: 0.8; }
        #inspector { flex: 1 1 320px; background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 8px 12px;
                     max-height: calc(100vh - 90px); overflow: auto; font-size: 12px; }
        #inspector h2 { font-size: 14px; margin: 4px 0 8px; }
        table { border-collapse: collapse; width: 100%; }
        td { border-top: 1px solid #eee; padding: 2px 6px; vertical-align: top; }
        td.key { font-family: ui-monospace, monospace; color: #444; white-space: nowrap; }
        td.value { font-family: ui-monospace, monospace; }
        details { margin: 2px 0; }
        summary { cursor: pointer; font-weight: 600; }
        .swatch { display: inline-block; width: 10px; height: 10px; border: 1px solid #999; margin-right: 4px; }

        """

    static let script = """
        'use strict';
        // The page's state; the browser test reads it.
        const preview = window.preview = {
          version: 0, scene: null, error: null, frame: 0, shownFrame: -1, playing: false, inspect: null,
        };
        const $ = (id) => document.getElementById(id);
        let loading = false;
        let playStart = null;

        function frameURL(n) { return '/api/frame?n=' + n + '&v=' + preview.version; }

        // Shows frame n: the newest request wins, frames in between are skipped while one loads.
        function show(n) {
          const scene = preview.scene;
          if (!scene) return;
          n = Math.max(0, Math.min(scene.frameCount - 1, Math.round(n)));
          preview.frame = n;
          cancelPrefetches(n);
          $('scrubber').value = n;
          $('clock').textContent = (n / scene.fps).toFixed(3) + ' s · frame ' + n + ' / ' + (scene.frameCount - 1);
          loadFrame();
          loadInspect(n);
        }

        function loadFrame() {
          if (loading || preview.shownFrame === preview.frame && preview.shownVersion === preview.version) return;
          loading = true;
          const n = preview.frame, version = preview.version;
          const img = new Image();
          img.onload = () => {
            $('frame').src = img.src;
            preview.shownFrame = n;
            preview.shownVersion = version;
            loading = false;
            loadFrame();
          };
          img.onerror = () => { loading = false; };
          img.src = frameURL(n);
        }

        // While playing, the next frames are asked for ahead of time (as images, which the page's <img>
        // then shares), so the server draws them in parallel. A prefetch the cursor has left behind, or that
        // is beyond the next few frames (after a scrub), is cancelled: an image whose address is cleared
        // stops loading once nothing else waits for it, its connection closes, and the server drops the
        // frame if no thread has started it, so a loaded machine does not fall further and further behind
        // drawing frames nobody will see. (A fetch() with an AbortController is not used: an <img> of the
        // same address waits on the fetch in the browser's HTTP cache and stalled playback in Chromium.)
        const prefetchAhead = 4;
        const prefetching = new Map();  // frame -> its Image, while it loads
        const prefetched = new Set();   // frames of this version already loaded
        let prefetchVersion = 0;
        function cancelPrefetches(n) {
          for (const [k, image] of prefetching) {
            if (prefetchVersion !== preview.version || k < n || k > n + prefetchAhead) {
              image.onload = image.onerror = null;
              image.src = '';
              prefetching.delete(k);
            }
          }
        }
        function prefetch(n) {
          cancelPrefetches(n);
          if (prefetchVersion !== preview.version) { prefetched.clear(); prefetchVersion = preview.version; }
          const scene = preview.scene;
          for (let k = n + 1; k <= Math.min(scene.frameCount - 1, n + prefetchAhead); k++) {
            if (prefetched.has(k) || prefetching.has(k)) continue;
            const image = new Image();
            prefetching.set(k, image);
            image.onload = () => { prefetching.delete(k); prefetched.add(k); };
            image.onerror = () => { prefetching.delete(k); };
            image.src = frameURL(k);
          }
        }

        let inspectRequest = 0;
        async function loadInspect(n) {
          const ticket = ++inspectRequest;
          if (preview.playing && ticket % 5 !== 0) return;
          try {
            const response = await fetch('/api/inspect?n=' + n);
            if (!response.ok || ticket !== inspectRequest && !preview.playing) return;
            const items = await response.json();
            if (preview.error) return;
            preview.inspect = items[0];
            render($('inspect'), items[0]);
          } catch (e) { /* the next move asks again */ }
        }

        // A generic view of any JSON value: objects as tables, nested ones folded open.
        function render(into, value) {
          into.replaceChildren(view(value, 0));
        }
        function view(value, depth) {
          if (Array.isArray(value) || value !== null && typeof value === 'object') {
            const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
            const table = document.createElement('table');
            for (const [key, v] of entries) {
              const row = table.insertRow();
              const k = row.insertCell(); k.className = 'key'; k.textContent = key;
              const cell = row.insertCell(); cell.className = 'value';
              if (v !== null && typeof v === 'object') {
                const details = document.createElement('details');
                details.open = depth < 2;
                const summary = document.createElement('summary');
                summary.textContent = Array.isArray(v) ? '[' + v.length + ']' : '{' + Object.keys(v).length + '}';
                details.append(summary, view(v, depth + 1));
                cell.append(details);
              } else {
                cell.append(scalar(v));
              }
            }
            return table;
          }
          return scalar(value);
        }
        function scalar(v) {
          const span = document.createElement('span');
          if (typeof v === 'string' && /^#[0-9a-f]{8}$/i.test(v)) {
            const swatch = document.createElement('span');
            swatch.className = 'swatch';
            swatch.style.background = v;
            span.append(swatch);
          }
          span.append(JSON.stringify(v));
          return span;
        }

        function applyScene(scene) {
          preview.version = scene.version;
          if (scene.status === 'error') {
            preview.error = scene.error;
            $('status').textContent = 'error';
            $('status').className = 'status error';
            const e = scene.error;
            $('error-where').textContent = e.file + (e.line ? ':' + e.line + ':' + e.column : '') + (e.jsonPath ? ': ' + e.jsonPath : '');
            $('error-message').textContent = e.message;
            $('error-line').textContent = e.sourceLine !== undefined
              ? e.line + ' | ' + e.sourceLine + '\\n' + ' '.repeat(String(e.line).length + 3 + Math.max(0, e.column - 1)) + '^'
              : e.description;
            $('error').hidden = false;
            $('stage').hidden = true;
            $('inspect').replaceChildren('No state while the scene has an error.');
            preview.inspect = null;
            pause();
            return;
          }
          preview.error = null;
          preview.scene = scene;
          $('status').textContent = 'live';
          $('status').className = 'status';
          $('error').hidden = true;
          $('stage').hidden = false;
          $('name').textContent = scene.name;
          $('file').textContent = scene.file;
          document.title = scene.name + ' · Flipbook preview';
          const img = $('frame');
          img.width = scene.width;
          img.height = scene.height;
          $('scrubber').max = scene.frameCount - 1;
          const marks = $('marks');
          marks.replaceChildren();
          for (const event of scene.events) {
            const mark = document.createElement('div');
            mark.className = 'mark';
            mark.style.left = (100 * event.time / scene.duration) + '%';
            mark.style.width = (100 * event.duration / scene.duration) + '%';
            mark.title = event.time.toFixed(3) + ' s: ' + event.label + ' (' + event.path + ')';
            marks.append(mark);
          }
          // The cursor stays where it was; a shorter scene clamps it.
          show(preview.frame);
        }

        // Waits for a newer version of the scene (the server answers when a file changes, or after 10 s).
        async function watch() {
          for (;;) {
            try {
              const response = await fetch('/api/scene?after=' + preview.version);
              const scene = await response.json();
              if (scene.version !== preview.version) applyScene(scene);
            } catch (e) {
              $('status').textContent = 'disconnected';
              $('status').className = 'status error';
              await new Promise((resolve) => setTimeout(resolve, 1000));
            }
          }
        }

        function play() {
          const scene = preview.scene;
          if (!scene || preview.error) return;
          if (preview.frame >= scene.frameCount - 1) preview.frame = 0;
          preview.playing = true;
          playStart = performance.now() - preview.frame / scene.fps * 1000;
          $('play').textContent = 'Pause';
          requestAnimationFrame(tick);
        }
        function pause() {
          preview.playing = false;
          $('play').textContent = 'Play';
          if (preview.scene) loadInspect(preview.frame);
        }
        function tick(now) {
          if (!preview.playing) return;
          const scene = preview.scene;
          const n = Math.floor((now - playStart) / 1000 * scene.fps);
          if (n >= scene.frameCount) { show(scene.frameCount - 1); pause(); return; }
          if (n !== preview.frame) { show(n); prefetch(n); }
          requestAnimationFrame(tick);
        }

        document.addEventListener('DOMContentLoaded', async () => {
          $('play').onclick = () => preview.playing ? pause() : play();
          $('step-back').onclick = () => { pause(); show(preview.frame - 1); };
          $('step-forward').onclick = () => { pause(); show(preview.frame + 1); };
          $('scrubber').addEventListener('input', (e) => { pause(); show(Number(e.target.value)); });
          document.addEventListener('keydown', (e) => {
            if (e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
            if (e.key === ' ') { e.preventDefault(); $('play').click(); }
            if (e.key === 'ArrowLeft') { e.preventDefault(); $('step-back').click(); }
            if (e.key === 'ArrowRight') { e.preventDefault(); $('step-forward').click(); }
          });
          const response = await fetch('/api/scene');
          applyScene(await response.json());
          watch();
        });

        """
}
