// Shared helpers of the node harnesses: start a worker (webworker.cjs) on a
// built site, send protocol messages, wait for replies.
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

export class WebWorker {
  constructor(siteDir, script = 'worker.js') {
    this.t = new Worker(path.join(here, 'webworker.cjs'), { workerData: { siteDir: path.resolve(siteDir), script } });
    this.waiters = [];
    this.log = [];
    this.t.on('message', (m) => {
      const msg = typeof m === 'string' ? JSON.parse(m) : m;
      this.log.push(msg);
      for (const w of [...this.waiters]) {
        if (w.match(msg)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(msg);
        }
      }
    });
    this.t.on('error', (e) => { for (const w of this.waiters) w.reject(e); });
  }
  // wait resolves with the first message (seen from now on) for which match is true;
  // an error message with the same id rejects.
  wait(match, id) {
    return new Promise((resolve, reject) => {
      this.waiters.push({ match: (m) => {
        if (id !== undefined && m.id === id && m.type === 'error') { reject(new Error(m.data.message)); return false; }
        return match(m);
      }, resolve, reject });
    });
  }
  send(type, id, data) { this.t.postMessage(JSON.stringify({ v: 1, type, id, data })); }
  async request(type, id, data, replyType) {
    const p = this.wait((m) => m.id === id && m.type === replyType, id);
    this.send(type, id, data);
    return p;
  }
  async stats() {
    const p = new Promise((resolve) => {
      const h = (m) => { if (m && m.__stats) { this.t.off('message', h); resolve(m.__stats); } };
      this.t.on('message', h);
    });
    this.t.postMessage({ __stats: true });
    return p;
  }
  terminate() { return this.t.terminate(); }
}

// normalize drops the wall-clock fields of progress messages (elapsedMs,
// etaMs, timing), and the best weights of all but the last progress message
// (the server keeps them only in its latest event for replays; the last one
// and the player are compared).
export function normalize(msgs) {
  let last = -1;
  msgs.forEach((m, i) => { if (m.type === 'progress') last = i; });
  return msgs.map((m, i) => {
    const c = JSON.parse(JSON.stringify(m));
    if (c.type === 'progress') {
      delete c.data.elapsedMs; delete c.data.etaMs; delete c.data.timing;
      // Only a browser worker attaches its resumable checkpoint (the server
      // streams none); the run itself is compared field by field.
      delete c.data.checkpoint;
      if (i !== last) delete c.data.bestWeights;
    }
    return JSON.stringify(c);
  });
}

// shellSplit splits the command lines protocol.RunConfig.CommandLine renders.
export function shellSplit(s) {
  const out = [];
  let cur = '', inq = false, has = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inq) { if (c === "'") inq = false; else cur += c; continue; }
    if (c === "'") { inq = true; has = true; continue; }
    if (c === '\\' && i + 1 < s.length) { cur += s[++i]; has = true; continue; }
    if (c === ' ') { if (has || cur) out.push(cur); cur = ''; has = false; continue; }
    cur += c;
  }
  if (has || cur) out.push(cur);
  return out;
}
