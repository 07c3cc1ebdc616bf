import { randomUUID } from 'node:crypto';
import type { Db } from '../../http/db.js';
import type { Continuation } from './run.js';

export interface PendingStep {
  id: string;
  /** Epoch ms on the hub's clock. */
  time: number;
  rest: Continuation;
}

/**
 * Flow runs waiting on a delay, kept in hub.db (table flow_pending) so that they go on after a restart: the engine
 * arms a timer for each on start, and one whose time passed while the hub was off runs at once.
 */
export class PendingSteps {
  private readonly statements;

  constructor(db: Db) {
    db.exec('CREATE TABLE IF NOT EXISTS flow_pending (id TEXT PRIMARY KEY, time INTEGER NOT NULL, rest TEXT NOT NULL)');
    this.statements = {
      all: db.prepare<[], { id: string; time: number; rest: string }>('SELECT id, time, rest FROM flow_pending ORDER BY time'),
      add: db.prepare<[string, number, string]>('INSERT INTO flow_pending (id, time, rest) VALUES (?, ?, ?)'),
      remove: db.prepare<[string]>('DELETE FROM flow_pending WHERE id = ?'),
    };
  }

  add(time: number, rest: Continuation): PendingStep {
    const step = { id: randomUUID(), time, rest };
    this.statements.add.run(step.id, time, JSON.stringify(rest));
    return step;
  }

  remove(id: string): void {
    this.statements.remove.run(id);
  }

  all(): PendingStep[] {
    return this.statements.all.all().map(({ id, time, rest }) => ({ id, time, rest: JSON.parse(rest) as Continuation }));
  }
}
