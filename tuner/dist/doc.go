// Package dist runs a tuning run's fitness evaluations on a NATS JetStream
// work queue, so that many processes on many machines score one run's
// candidates, with exactly the scores of a run on one machine.
//
// # Design
//
// The coordinator (Coordinator, coord.go) is the process that runs the
// optimizer. Its Scorer (scorer.go) implements tuner.Scorer: each
// Score call (a generation's batch) is split into tasks, ranges of
// units of tuner.Shardable work (shard.go in package tuner): one candidate
// each for move-match and Texel fitness, a range of suite positions of one
// candidate for the search-parameter ("nodes") fitness, a range of games of
// the batch's tournament for relative fitness. Tasks are JSON messages
// (msg.go: run id, setup key, data digest, protocol version and build,
// candidates, unit ranges) published to the work-queue stream
// EVOCHESS_TASKS and fetched, one per slot at a time, by every worker
// through one shared durable pull consumer (work-queue retention admits
// one unfiltered consumer; the first acknowledgement deletes a task). A
// worker (Worker, worker.go) stores its result in the stream
// EVOCHESS_RESULTS (subject evochess.result.RUN.BATCH.TASK, de-duplicated
// by message id) and only then acknowledges the task (DoubleAck). The
// coordinator reads its run's results with an ordered consumer and adds the
// partial scores of each candidate in unit order (tuner.SumPartials), then
// finishes them (tuner.Shardable.Finish): integer sums, or a single part
// kept as it is, so the scores are bit for bit those of the local
// evaluator whatever the number of workers, machines or tasks.
//
// Workers rebuild the evaluator themselves: the run's manifest (key = run
// id in the key-value bucket EVOCHESS_RUNS) holds its tuner.Setup, the
// sha256 of every data file it names (digest.go) and the limits. A worker
// prepares the setup with tuner.Prepare on its own data folder (cached by
// setup key; the coordinator's local worker uses the coordinator's own
// prepared evaluator). A task of another protocol version or build, or a
// run whose data files differ from the worker's, is refused: the task is
// given back (Nak), the reason is sent to the coordinator
// (evochess.refuse.RUN), which reports it, and the worker stops with the
// error.
//
// # Faults
//
//   - A worker that dies mid-task never acknowledges it: after AckWait the
//     server delivers it to another worker. Long tasks send InProgress
//     every AckWait/3, so only a dead or stopped worker loses its task.
//   - A task running longer than the run's task timeout is given back
//     (Nak) and retried elsewhere.
//   - After MaxDeliver deliveries the server stops redelivering and
//     publishes a max-deliveries advisory; the coordinator fails the batch
//     with the task, its delivery count and the last refusal, instead of
//     waiting for ever.
//   - A duplicate result (a task given to two workers) is dropped by
//     message id and by task number.
//   - A coordinator restarted from its checkpoint (tuner.Run's) starts a
//     new run id; tasks and manifests of a coordinator that died are purged
//     (its own embedded server: everything; a shared cluster: runs whose
//     manifest was not refreshed for two minutes, at its start and every
//     20 s while it runs, so a dead run's queued tasks stop going to
//     workers even when no coordinator starts again).
//   - A build without a clean VCS revision (built with -buildvcs=false,
//     outside a repository, or from uncommitted changes) is named by the
//     sha256 of its executable too (Build), so workers built from other
//     code are refused even then.
//   - A worker whose connection the server closes (refused credentials)
//     stops with the reason instead of waiting.
//
// # Servers and security
//
// StartServer (conn.go) embeds nats-server with JetStream (storage in a
// folder the caller chooses, beside the checkpoint for evochess tune). It
// listens on loopback unless given another host, and takes a token or an
// nkey, and TLS certificate, key and client CA. Connect takes the same
// credentials plus creds files for operator-mode clusters.
//
// The package needs the network and goroutines, so it is not built for
// js/wasm.
package dist
