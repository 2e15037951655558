// The live page's event stream (server-sent events): `update` when the file changed, `end` once
// it is complete; a page that connects after the end is told `end` at once.
import type { IncomingMessage, ServerResponse } from "node:http";

/** The pages following the stream. */
export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private ended = false;
  private connect!: () => void;
  /** Resolves when a first page follows the stream. */
  readonly connected = new Promise<void>((done) => {
    this.connect = done;
  });

  /** Answers `GET /events`: the stream, starting with the state now. */
  handle(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    response.write("retry: 1000\n\n");
    response.write(`event: ${this.ended ? "end" : "update"}\ndata: 0\n\n`);
    if (this.ended) {
      response.end();
      return;
    }
    this.clients.add(response);
    request.on("close", () => this.clients.delete(response));
    this.connect();
  }

  /** Tells every page the file changed. */
  update(): void {
    this.send("update");
  }

  /** Tells every page the file is complete, and closes their streams. */
  end(): void {
    this.ended = true;
    this.send("end");
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private send(event: string): void {
    for (const client of this.clients) client.write(`event: ${event}\ndata: 0\n\n`);
  }
}
