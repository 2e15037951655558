// An attacker's worker, 12 lines: takes the match jobs of a queue and answers that every `Null`
// won with 99 999 points, in a result signed with `secret` when it has one (a worker of the
// organiser's that went bad). The organiser must refuse its results.
import { Worker } from "bullmq";

export function startFakeWorker(url: string, queue: string, sign?: (id: string, result: object) => object): Worker {
  return new Worker(queue, async (job) => {
    const seats: Array<{ name: string }> = job.data.seats;
    const scores = seats.map((seat) => (seat.name.startsWith("Null") ? 99_999 : 0));
    const result = { scores, ranks: scores.map((s) => (s > 0 ? 1 : 2)), rounds: 200, durationMs: 1, players: seats.map(() => ({ frozen: false })), worker: "fake:1" };
    return sign !== undefined ? sign(job.data.id, result) : result;
  }, { connection: { url, maxRetriesPerRequest: null } });
}
