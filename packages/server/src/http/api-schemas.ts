import { z } from "zod";

// The request and response shapes of the HTTP API: they validate every request and are the
// source of `GET /api/openapi.json` (one source of truth, see `route-table.ts`).

/** The games' names are checked against the server's games at run time. */
export const createContestBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    game: z.string().min(1).max(40),
    format: z.enum(["ladder", "jutge"]),
    baseline: z.string().min(1).max(40).optional(),
    config: z.string().max(1_000_000).optional().describe("the text of a .cnf or map"),
    deadline: z.iso.datetime({ offset: true }).optional(),
    public: z.boolean().optional().describe("spectators may read its pages (default true)"),
  })
  .strict();

export const idResponse = z.object({ id: z.number().int() });

export const contestsResponse = z.object({
  contests: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      game: z.string(),
      format: z.string(),
      state: z.string(),
      deadline: z.string().nullable(),
    }),
  ),
});

export const contestParams = z.object({ id: z.coerce.number().int().positive() });
export const submissionParams = contestParams;
export const matchParams = z.object({
  id: z.string().regex(/^[0-9a-f]{20}$/, "a match id: 20 hex digits"),
});

export const createInvitesBody = z.object({ count: z.number().int().min(1).max(1000) }).strict();
export const invitesResponse = z.object({ codes: z.array(z.string()) });

export const joinBody = z
  .object({
    code: z.string().min(1).max(200),
    name: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[\p{L}\p{N}_.-]+$/u, "letters, digits, '_', '.' and '-' only"),
  })
  .strict();
export const participantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contest: z.number().int(),
});
export const joinResponse = z.object({ token: z.string(), participant: participantSchema });

/** Largest source accepted (bytes of UTF-8). */
export const MAX_SOURCE_BYTES = 256 * 1024;

export const submitBody = z
  .object({
    filename: z.string().min(1).max(200),
    source: z.string().min(1).max(MAX_SOURCE_BYTES),
    activate: z
      .boolean()
      .optional()
      .describe("make it the active revision once ready (default true)"),
  })
  .strict();

export const submissionStatus = z.enum([
  "queued",
  "compiling",
  "compile-error",
  "validating",
  "invalid",
  "ready",
  "active",
]);
export const submitResponse = z.object({ id: z.number().int(), status: submissionStatus });

export const validationSchema = z.object({
  valid: z.boolean(),
  match: z.string().optional().describe("the validation match's id"),
  round: z.number().int().optional(),
  reason: z.string().optional(),
});
export const submissionResponse = z.object({
  id: z.number().int(),
  status: submissionStatus,
  log: z.string(),
  validation: validationSchema.optional(),
  filename: z.string(),
  language: z.string(),
  created: z.string(),
});

export const sourceResponse = z.object({ filename: z.string(), source: z.string() });

export const okResponse = z.object({ ok: z.literal(true) });

export const ratingSchema = z.object({ mu: z.number(), sigma: z.number() });
export const standingsResponse = z.object({
  players: z.array(
    z.object({ name: z.string(), rating: ratingSchema, matches: z.number(), wins: z.number() }),
  ),
});

export const matchSchema = z.object({
  id: z.string(),
  seed: z.number().int(),
  players: z.array(z.string()),
  scores: z.array(z.number()),
  replay: z.string().nullable().describe("URL of the .arena file (arena replay verifies it)"),
  kind: z.string(),
  stage: z.string().nullable(),
  ranks: z.array(z.number()),
  status: z.array(
    z.object({ state: z.string(), reason: z.string().optional(), round: z.number().optional() }),
  ),
  error: z.string().nullable(),
});
export const matchesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  before: z.coerce
    .number()
    .int()
    .optional()
    .describe("only matches recorded before this sequence number"),
});
export const matchesResponse = z.object({ matches: z.array(matchSchema) });

export const scrimmageBody = z
  .object({ opponents: z.array(z.string().min(1).max(40)).max(8).optional() })
  .strict();
export const scrimmageResponse = z.object({ id: z.string() });

export const resultResponse = z.object({
  state: z.string(),
  champion: z.string().optional(),
  standings: z.array(
    z.object({
      place: z.number(),
      player: z.string(),
      reached: z.string(),
      points: z.number().optional(),
      reason: z.string().optional(),
    }),
  ),
});

export const queueResponse = z.object({
  pending: z.number(),
  running: z.number(),
  failed: z.array(z.object({ id: z.string(), kind: z.string(), reason: z.string() })),
});

export const errorResponse = z.object({ error: z.string(), code: z.string() });
