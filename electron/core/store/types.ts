// The connection to console.db (openConnection): the file, its pragmas and the other
// connections opened on it. The tables' repositories are their owners' (see
// electron/core/database.ts, which builds them on this connection).
import type { DatabaseSync } from 'node:sqlite';
import type { ConnectionPragma } from './pragmas.ts';

export interface Connection {
  readonly path: string;
  /**
   * The connection itself, for the owners of the tables only: their repositories are built
   * on it once (database.ts), and the receiver's writer and the search reader fall back to
   * it when their thread cannot run.
   */
  readonly db: DatabaseSync;
  /**
   * Another connection to this file, opened for the store's data (the receiver's writer
   * thread): limited with it (limitPages) and closed with it. Returns the detach function.
   */
  attach(connection: AttachedConnection): () => void;
  /** The schema version after migrations. */
  schemaVersion(): number;
  /** This connection's pragma (pragmas.ts): diagnostics and the fault tests. */
  pragma(name: ConnectionPragma, value?: number): number;
  /**
   * Sets max_page_count on this connection and every attached one: the database is "full"
   * beyond that many pages (how the fault tests fill the disk without root).
   */
  limitPages(pages: number): Promise<void>;
  close(): void;
}

/** A connection the store limits and closes along with its own (see Connection.attach). */
export interface AttachedConnection {
  pragma(name: ConnectionPragma, value?: number): Promise<number>;
  close(): Promise<void>;
}
