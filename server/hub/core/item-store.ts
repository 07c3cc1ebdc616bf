import type { Db } from '../../http/db.js';
import type { Audience, EventBus } from '../../http/events.js';
import { notFound } from '../../http/errors.js';
import type { Item } from '../../http/api.js';
import { forgetPiece, keepPiece, shareAnswer } from '../../http/list-encoding.js';
import { log } from '../../http/log.js';

/**
 * What a store holds: the stored shape of each item type, by its name (the hub's HubItems), as kysely takes its
 * tables' types. The store's methods are typed by the name, so a wrong name or shape is a compile error.
 */
export type ItemTypes<Items> = { [K in keyof Items]: Item };

/** The names of a store's item types. */
export type ItemType<Items> = keyof Items & string;

/** A store whose item types are known only at run time (CRUD by the contract's type names). */
export type AnyItems = Record<string, Item>;

type Change = 'create' | 'update' | 'delete';

/**
 * How a save is announced. `itemUri: false` when the item's own subscribers heard the change already from events of
 * their own (a device's `capability` events, PROTOCOL.md §5): the update then goes out on the manager's uri only.
 */
export interface SaveOptions {
  itemUri?: boolean;
}

/** Items of a type by the keys `keysOf` gives each (a group by the ids of its members), kept current on every write. */
class ItemIndex {
  private byKey: Map<string, Set<string>> | undefined;
  private readonly keysById = new Map<string, readonly string[]>();

  constructor(private readonly keysOf: (item: Item) => readonly string[]) {}

  /** The ids under `key`; `items` fills the index on first use and after a rollback. */
  ids(key: string, items: () => Iterable<Item>): ReadonlySet<string> | undefined {
    if (!this.byKey) {
      this.byKey = new Map();
      this.keysById.clear();
      for (const item of items()) this.update(item.id, item);
    }
    return this.byKey.get(key);
  }

  /** The item's keys are now those of `item` (none when removed). */
  update(id: string, item: Item | undefined): void {
    if (!this.byKey) return;
    for (const key of this.keysById.get(id) ?? []) {
      const ids = this.byKey.get(key);
      ids?.delete(id);
      if (ids?.size === 0) this.byKey.delete(key);
    }
    const keys = item ? this.keysOf(item) : [];
    if (keys.length) this.keysById.set(id, keys);
    else this.keysById.delete(id);
    for (const key of keys) {
      const ids = this.byKey.get(key) ?? new Set<string>();
      this.byKey.set(key, ids.add(id));
    }
  }

  reset(): void {
    this.byKey = undefined;
  }
}

/**
 * The generic item store: every item of every manager, one JSON row each in SQLite, read through an in-memory
 * copy. Every write publishes `<type>.create|update|delete` on the manager's uri and `update|delete` on the item's
 * own uri (PROTOCOL.md §5; a save may leave the item's own uri out, see SaveOptions), so realtime clients and
 * caches stay fresh whoever made the change. Events go out once the write is committed: inside a transaction they
 * wait for its commit, and a rollback drops them.
 * Inside, items are untyped JSON rows by type name; the typed methods assert `Items[K]` of what was read, which only
 * `insert` and `save` of that type (typed by `Items[K]`) wrote.
 */
export class ItemStore<Items extends ItemTypes<Items> = AnyItems> {
  private readonly cache = new Map<string, Map<string, Item>>();
  /** Frozen list answers per type, dropped on every write of that type. */
  private readonly snapshots = new Map<string, Readonly<Record<string, Item>>>();
  /** How items of a type go out in events when the API answers more than is stored (see `presentAs`). */
  private readonly views = new Map<string, (item: Item) => unknown>();
  /** Who may hear of an item of a type, for types whose items are not for every reader (see `restrictAs`). */
  private readonly audiences = new Map<string, (item: Item) => Audience | undefined>();
  private readonly indexes = new Map<string, ItemIndex[]>();
  private readonly lineages = new Map<string, object>();
  /** Types whose list was asked for: their items keep the JSON of their rows as their piece of the list answer. */
  private readonly listed = new Set<string>();
  private readonly statements;
  /** What waits for the open transaction to commit: the events of its writes, in order. */
  private pending: Array<() => void> = [];
  /** Items saved by saveRelaxed whose rows are not in SQLite yet, by type and id: written together at the end of the turn. */
  private readonly unwritten = new Map<string, { type: string; item: Item }>();
  private flushing: NodeJS.Immediate | undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    /** Realtime item type → manager id, e.g. { zone: 'zones' }. */
    private readonly managerOf: Readonly<Record<string, string>>,
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS items (
      type TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (type, id)) WITHOUT ROWID`);
    this.statements = {
      all: db.prepare<[string], { data: string }>('SELECT data FROM items WHERE type = ?'),
      put: db.prepare<[string, string, string]>('INSERT OR REPLACE INTO items (type, id, data) VALUES (?, ?, ?)'),
      remove: db.prepare<[string, string]>('DELETE FROM items WHERE type = ? AND id = ?'),
    };
  }

  private items(type: string): Map<string, Item> {
    let items = this.cache.get(type);
    if (!items) {
      items = new Map();
      for (const row of this.statements.all.all(type)) {
        const item = JSON.parse(row.data) as Item;
        items.set(item.id, item);
      }
      this.cache.set(type, items);
    }
    return items;
  }

  /** Every item of a type, as the API lists them: an object keyed by id (a frozen snapshot, shared until a write). */
  list<K extends ItemType<Items>>(type: K): Readonly<Record<string, Items[K]>> {
    let snapshot = this.snapshots.get(type);
    if (!snapshot) {
      this.listed.add(type);
      snapshot = shareAnswer(Object.fromEntries(this.items(type)), this.lineage(type));
      this.snapshots.set(type, snapshot);
    }
    return snapshot as Readonly<Record<string, Items[K]>>;
  }

  /** The lineage of a type's list answers (see shareAnswer). */
  private lineage(type: string): object {
    let lineage = this.lineages.get(type);
    if (!lineage) this.lineages.set(type, (lineage = { type }));
    return lineage;
  }

  values<K extends ItemType<Items>>(type: K): Items[K][] {
    return [...this.items(type).values()] as Items[K][];
  }

  count(type: ItemType<Items>): number {
    return this.items(type).size;
  }

  get<K extends ItemType<Items>>(type: K, id: string): Items[K] | undefined {
    return this.items(type).get(id) as Items[K] | undefined;
  }

  /** The item, or a 404 naming what was looked for ("Zone not found"). */
  require<K extends ItemType<Items>>(type: K, id: string, what: string): Items[K] {
    const item = this.get(type, id);
    if (!item) throw notFound(what);
    return item;
  }

  /**
   * An index of a type's items by the keys `keysOf` gives each, kept current on every write and remove (inside a
   * transaction too): the answer looks items up by key instead of filtering every item of the type.
   */
  indexBy<K extends ItemType<Items>>(type: K, keysOf: (item: Items[K]) => readonly string[]): (key: string) => Items[K][] {
    const index = new ItemIndex(keysOf as (item: Item) => readonly string[]);
    this.indexes.set(type, [...(this.indexes.get(type) ?? []), index]);
    return (key) => {
      const ids = index.ids(key, () => this.items(type).values());
      return ids ? [...ids].map((id) => this.items(type).get(id) as Items[K]) : [];
    };
  }

  insert<K extends ItemType<Items>>(type: K, item: Items[K]): Items[K] {
    this.write(type, item);
    this.announce(type, 'create', item);
    return item;
  }

  /** Stores the whole item in place of the old one and publishes it. */
  save<K extends ItemType<Items>>(type: K, item: Items[K], options: SaveOptions = {}): Items[K] {
    this.write(type, item);
    this.announce(type, 'update', item, options);
    return item;
  }

  remove(type: ItemType<Items>, id: string): void {
    this.forgetUnwritten(type, id);
    this.statements.remove.run(type, id);
    this.items(type).delete(id);
    this.snapshots.delete(type);
    this.indexes.get(type)?.forEach((index) => index.update(id, undefined));
    this.announce(type, 'delete', { id });
  }

  /**
   * Events of this type carry `view(item)` instead of the stored item, for types whose API answer adds derived
   * fields, so that clients caching from events hold what a read would answer.
   */
  presentAs<K extends ItemType<Items>>(type: K, view: (item: Items[K]) => unknown): void {
    this.views.set(type, view as (item: Item) => unknown);
  }

  /**
   * Create and update events of this type go only to the sessions `audienceOf(item)` accepts (every subscriber when
   * it gives none), for items that reads show to some callers only. A delete tells only an id, so it goes to all.
   */
  restrictAs<K extends ItemType<Items>>(type: K, audienceOf: (item: Items[K]) => Audience | undefined): void {
    this.audiences.set(type, audienceOf as (item: Item) => Audience | undefined);
  }

  /**
   * Saves like `save` (the item is current and announced at once), for high-rate items whose loss costs little
   * (capability values, a session's lastUsed): its row is written at the end of the turn, with every other such row
   * of the turn in one commit under `relaxed` durability, the last save of an item only. A crash may lose that turn's
   * rows, as a power cut may lose relaxed commits; a later `save`, `remove` or transaction writes first.
   * Inside a transaction it is a `save`: the transaction's commit decides.
   */
  saveRelaxed<K extends ItemType<Items>>(type: K, item: Items[K], options: SaveOptions = {}): Items[K] {
    if (this.db.inTransaction) return this.save(type, item, options);
    forgetPiece(item);
    this.remember(type, item);
    this.unwritten.set(`${type}/${item.id}`, { type, item });
    this.flushing ??= setImmediate(() => this.flush());
    this.announce(type, 'update', item, options);
    return item;
  }

  /** Writes the rows saveRelaxed left for the end of the turn now (before a backup, before the database closes). */
  flush(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = undefined;
    if (!this.unwritten.size || !this.db.open) return;
    const rows = [...this.unwritten.values()];
    this.unwritten.clear();
    try {
      this.relaxed(() => this.db.transaction(() => rows.forEach(({ type, item }) => this.putRow(type, item)))());
    } catch (error) {
      // The items stay current in memory; only their rows are behind, until the next save of each.
      log.error({ err: error }, 'Relaxed item rows could not be written');
    }
  }

  /** Runs writes atomically; their events go out after the commit, none after a rollback. */
  transaction<R>(work: () => R): R {
    const outermost = !this.db.inTransaction;
    // A rollback reloads items from disk: the turn's relaxed rows must be there first.
    if (outermost) this.flush();
    const queued = this.pending.length;
    let result: R;
    try {
      result = this.db.transaction(work)();
    } catch (err) {
      this.cache.clear(); // the rolled-back writes are in memory: reload from disk on next read
      this.snapshots.clear();
      this.indexes.forEach((indexes) => indexes.forEach((index) => index.reset()));
      this.pending.length = queued;
      throw err;
    }
    if (outermost) {
      const committed = this.pending;
      this.pending = [];
      for (const announce of committed) announce();
    }
    return result;
  }

  /** Runs `announce` once the writes so far are committed: now outside a transaction, else after its commit. */
  afterCommit(announce: () => void): void {
    if (this.db.inTransaction) this.pending.push(announce);
    else announce();
  }

  /**
   * Durability by kind of data: the database commits with synchronous = FULL (db.ts), so users, sessions, settings
   * and the home's configuration survive a power cut. High-rate writes whose loss costs little (capability values,
   * a session's lastUsed) run here with NORMAL: in WAL mode a power cut may then lose the last of them, never
   * corrupt the file, and the next FULL commit makes them durable too. Inside a transaction its commit decides.
   */
  relaxed<R>(work: () => R): R {
    if (this.db.inTransaction) return work();
    // exec, not a prepared statement: SQLite applies this pragma when it compiles it.
    this.db.exec('PRAGMA synchronous = NORMAL');
    try {
      return work();
    } finally {
      this.db.exec('PRAGMA synchronous = FULL');
    }
  }

  private write(type: string, item: Item): void {
    this.forgetUnwritten(type, item.id);
    this.putRow(type, item);
    this.remember(type, item);
  }

  private putRow(type: string, item: Item): void {
    const json = JSON.stringify(item);
    // The row's JSON is the item's piece of the list answer, kept for types that are listed.
    if (this.listed.has(type)) keepPiece(item, json);
    else forgetPiece(item);
    this.statements.put.run(type, item.id, json);
  }

  /** A write or remove of an item supersedes its relaxed row still waiting (most writes find none waiting). */
  private forgetUnwritten(type: string, id: string): void {
    if (this.unwritten.size) this.unwritten.delete(`${type}/${id}`);
  }

  /** The item is the current one of its id: in the cache, the list answers and the indexes. */
  private remember(type: string, item: Item): void {
    this.items(type).set(item.id, item);
    this.snapshots.delete(type);
    this.indexes.get(type)?.forEach((index) => index.update(item.id, item));
  }

  private announce(type: string, change: Change, item: Item | { id: string }, options: SaveOptions = {}): void {
    this.afterCommit(() => this.publish(type, change, item, options));
  }

  private publish(type: string, event: Change, item: Item | { id: string }, { itemUri = true }: SaveOptions): void {
    const view = event === 'delete' ? undefined : this.views.get(type);
    const data = view ? view(item as Item) : item;
    const audience = event === 'delete' ? undefined : this.audiences.get(type)?.(item as Item);
    const manager = this.managerOf[type];
    if (manager) this.bus.publish(`homey:manager:${manager}`, `${type}.${event}`, data, audience);
    if (event !== 'create' && itemUri) this.bus.publish(`homey:${type}:${item.id}`, event, data, audience);
  }
}
