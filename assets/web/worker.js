// evochess Web Worker bootstrap (classic worker): one Go instance (worker.wasm)
// per worker. Messages are JSON strings of the wasm/protocol envelope
// {"v":1,"type":…,"id":…,"data":…}.
//
// Messages that arrive before the Go runtime has installed its own onmessage
// are queued in self.pendingMsgs; the Go side drains that queue first.
// Paths are relative to this script, so the site works under any prefix.
// worker.js loads worker.wasm; worker.js?wasm=main.wasm loads the UI's
// binary instead (one download for page and workers, when the UI's main
// calls wasm/workerjs.Run in a worker scope). Nested fitness workers use the
// same URL as their parent, with module=parent added: the parent then posts
// its compiled WebAssembly.Module as the first message ({evochessModule}),
// and the worker instantiates that instead of fetching and compiling the
// binary again (wasm/workerjs.NewWorker; the page's own workers start the
// same way from the page's module).
'use strict';
self.pendingMsgs = [];
let evochessGotModule = null;
const evochessModule = new Promise((resolve) => { evochessGotModule = resolve; });
self.onmessage = (e) => {
  if (e.data && typeof e.data === 'object' && e.data.evochessModule instanceof WebAssembly.Module) {
    evochessGotModule(e.data.evochessModule);
    return;
  }
  self.pendingMsgs.push(e.data);
};

function evochessFail(msg) {
  self.postMessage(JSON.stringify({ v: 1, type: 'error', data: { message: 'worker: ' + msg } }));
}

try {
  importScripts('wasm_exec.js');
} catch (err) {
  evochessFail('load wasm_exec.js: ' + err);
  throw err;
}

(async () => {
  const go = new Go();
  const q = new URLSearchParams((self.location && self.location.search) || '');
  const url = q.get('wasm') === 'main.wasm' ? 'main.wasm' : 'worker.wasm';
  let result;
  if (q.get('module') === 'parent') {
    const module = await evochessModule;
    result = { module, instance: await WebAssembly.instantiate(module, go.importObject) };
  } else {
    try {
      result = await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
    } catch (err) {
      // Hosts that serve .wasm with a wrong type: fall back to an ArrayBuffer.
      const resp = await fetch(url);
      if (!resp.ok) throw new Error('fetch ' + url + ': HTTP ' + resp.status);
      result = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    }
  }
  self.evochessModule = result.module; // for nested workers (wasm/workerjs)
  await go.run(result.instance);
  evochessFail('Go runtime exited');
})().catch((err) => evochessFail('start: ' + err));
