import pg from "pg";

/**
 * Parsing and planning a query costs the database as much as running one of ours (measured: a sync's application
 * lookup takes 0.39 ms unnamed and 0.19 ms as a named statement on PostgreSQL over loopback, 0.8 ms and 0.35 ms
 * on PGlite). Every parameterised query is therefore sent as a named statement, which each connection parses once:
 * the name is per distinct text, so a query whose text recurs (drizzle builds the same text for the same shape)
 * reuses its plan on every pooled connection.
 *
 * Texts that vary with their input (IN lists, multi-row inserts) would each take a name and a parsed statement held
 * by every connection for its lifetime, so only the first MAX_NAMED distinct texts of a process are named, and no
 * text longer than MAX_NAMED_LENGTH (a batch's multi-row insert); the rest go unnamed as before. Queries without
 * parameters stay on the simple protocol: a migration's several statements cannot be prepared.
 */
const MAX_NAMED = 500;
const MAX_NAMED_LENGTH = 4000;
const names = new Map<string, string>();

export function statementName(text: string): string | undefined {
  if (text.length > MAX_NAMED_LENGTH) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `campo_${names.size}`;
    names.set(text, name);
  }
  return name;
}

type QueryArguments = Parameters<pg.Client["query"]>;

function named(config: unknown, values: unknown): unknown {
  const hasValues = (list: unknown) => Array.isArray(list) && list.length > 0;
  if (typeof config === "string") {
    const name = hasValues(values) ? statementName(config) : undefined;
    return name ? { text: config, name } : config;
  }
  if (typeof config !== "object" || config === null) return config;
  const query = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
  // Cursors and COPY streams drive the protocol themselves.
  if (typeof query.submit === "function" || query.name !== undefined || typeof query.text !== "string") return config;
  if (!hasValues(query.values) && !hasValues(values)) return config;
  const name = statementName(query.text);
  return name ? { ...query, name } : config;
}

/** node-postgres's client, sending parameterised queries as named statements (give it to a Pool as `Client`). */
export class PreparingClient extends pg.Client {}

const query = pg.Client.prototype.query;
PreparingClient.prototype.query = function (this: pg.Client, ...args: QueryArguments) {
  const [config, values, ...rest] = args as unknown[];
  return (query as (...all: unknown[]) => unknown).call(this, named(config, values), values, ...rest);
} as typeof query;

/**
 * For a server with one session whatever the connection (PGlite's socket): a new connection first drops the named
 * statements a previous connection left in that session, which this client would otherwise prepare again and be
 * refused ("already exists"). pg-pool connects with a callback, others with the promise.
 */
export class SingleSessionClient extends PreparingClient {}

const connect = pg.Client.prototype.connect as (this: pg.Client) => Promise<unknown>;
SingleSessionClient.prototype.connect = function (this: pg.Client, callback?: (error: Error | undefined) => void) {
  const ready = connect.call(this).then(async () => {
    await this.query("deallocate all");
  });
  if (!callback) return ready;
  ready.then(() => callback(undefined), callback);
} as typeof pg.Client.prototype.connect;
