// A dedicated Web Worker for node (worker_threads), enough to run the real
// assets/web/worker.js + worker.wasm outside a browser: self, postMessage,
// onmessage, importScripts, fetch of site-relative URLs (read from the site
// folder), and nested `new Worker(url)` (another thread running this file).
//
// Side channel for the harness (not part of the protocol): a message
// {"__stats": true} is answered with {"__stats": {wasmBytes, rss}} where
// wasmBytes is the Go instance's linear memory (its whole heap).
'use strict';
const { parentPort, workerData, Worker: ThreadWorker } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const siteDir = workerData.siteDir;
const scriptURL = new URL('http://site/' + workerData.script); // may carry a query
const scriptFile = path.join(siteDir, decodeURIComponent(scriptURL.pathname));
const scriptDir = path.dirname(scriptFile);
globalThis.self = globalThis;
globalThis.location = { href: scriptURL.href, search: scriptURL.search, pathname: scriptURL.pathname };

function sitePath(url) {
  const u = new URL(url, 'http://site/' + path.relative(siteDir, scriptDir) + '/');
  const p = path.join(siteDir, decodeURIComponent(u.pathname));
  if (!p.startsWith(siteDir)) throw new Error('path escapes the site: ' + url);
  return p;
}

globalThis.postMessage = (m) => parentPort.postMessage(m);
parentPort.on('message', (m) => {
  if (m && m.__stats) {
    const inst = globalThis.__evochessInstance;
    parentPort.postMessage({ __stats: {
      wasmBytes: inst ? inst.exports.mem.buffer.byteLength : 0,
      rss: process.memoryUsage().rss,
    } });
    return;
  }
  if (typeof globalThis.onmessage === 'function') globalThis.onmessage({ data: m });
});

globalThis.importScripts = (...urls) => {
  for (const u of urls) vm.runInThisContext(fs.readFileSync(sitePath(u), 'utf8'), { filename: u });
};

globalThis.fetch = async (url) => {
  let body;
  try {
    body = fs.readFileSync(sitePath(String(url)));
  } catch (e) {
    return { ok: false, status: 404, arrayBuffer: async () => new ArrayBuffer(0), headers: new Map() };
  }
  return {
    ok: true, status: 200, headers: new Map(),
    arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength),
  };
};

// Capture the Go instance for the memory report.
const origInstantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  const r = await origInstantiate.apply(WebAssembly, args);
  globalThis.__evochessInstance = r.instance || r;
  return r;
};
WebAssembly.instantiateStreaming = async () => { throw new Error('no streaming in node harness'); };

class NestedWorker {
  constructor(url) {
    const u = new URL(String(url), scriptURL);
    const script = path.relative(siteDir, sitePath(u.pathname)) + u.search;
    this.t = new ThreadWorker(__filename, { workerData: { siteDir, script } });
    this.onmessage = null;
    this.onerror = null;
    this.t.on('message', (m) => { if (this.onmessage) this.onmessage({ data: m }); });
    this.t.on('error', (e) => { if (this.onerror) this.onerror({ message: String(e) }); });
  }
  postMessage(m) { this.t.postMessage(m); }
  terminate() { this.t.terminate(); }
}
globalThis.Worker = NestedWorker;

vm.runInThisContext(fs.readFileSync(scriptFile, 'utf8'), { filename: scriptFile });
