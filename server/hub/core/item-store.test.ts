import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../http/db.js';
import { EventBus, type RealtimeEvent } from '../../http/events.js';
import { log } from '../../http/log.js';
import { ItemStore } from './item-store.js';

describe('item store: events after commit, durability by kind of data', () => {
  let dir: string;
  let db: Db;
  let bus: EventBus;
  let store: ItemStore;
  let events: RealtimeEvent[];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'item-store-'));
    db = openDb(path.join(dir, 'test.sqlite'));
    bus = new EventBus();
    store = new ItemStore(db, bus, { zone: 'zones' });
    events = [];
    bus.subscribe((event) => events.push(event));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when a transaction writes, then nothing is announced before its commit and everything after, in order', () => {
    store.transaction(() => {
      store.insert('zone', { id: 'a', name: 'A' });
      store.save('zone', { id: 'a', name: 'A2' });
      expect(events).toEqual([]);
    });
    expect(events.map(({ uri, event }) => `${uri} ${event}`)).toEqual([
      'homey:manager:zones zone.create',
      'homey:manager:zones zone.update',
      'homey:zone:a update',
    ]);
  });

  it('when a transaction rolls back, then none of its writes is announced or kept', () => {
    expect(() =>
      store.transaction(() => {
        store.insert('zone', { id: 'b', name: 'B' });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(events).toEqual([]);
    expect(store.get('zone', 'b')).toBeUndefined();
  });

  it('when an inner transaction rolls back and the outer one commits, then only the outer writes are announced', () => {
    store.transaction(() => {
      store.insert('zone', { id: 'kept', name: 'Kept' });
      expect(() => store.transaction(() => {
        store.insert('zone', { id: 'dropped', name: 'Dropped' });
        throw new Error('inner');
      })).toThrow('inner');
    });
    expect(events.map(({ data }) => (data as { id: string }).id)).toEqual(['kept']);
    expect(store.get('zone', 'dropped')).toBeUndefined();
  });

  it('when a listener throws, then the committed write stands and the other listeners still hear of it', () => {
    const errors = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    bus.subscribe(() => {
      throw new Error('listener broke');
    });
    const after: RealtimeEvent[] = [];
    bus.subscribe((event) => after.push(event));
    expect(() => store.insert('zone', { id: 'c', name: 'C' })).not.toThrow();
    expect(store.get('zone', 'c')).toMatchObject({ name: 'C' });
    expect(after).toHaveLength(1);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('when data is written, then commits are FULL (synced), and NORMAL only inside relaxed(), outside a transaction', () => {
    const level = () => db.pragma('synchronous', { simple: true });
    expect(level()).toBe(2);
    store.relaxed(() => expect(level()).toBe(1));
    expect(level()).toBe(2);
    store.transaction(() => store.relaxed(() => expect(level()).toBe(2)));
    expect(() => store.relaxed(() => {
      throw new Error('failed');
    })).toThrow('failed');
    expect(level()).toBe(2);
  });

  it('when items are saved relaxed, then they are current and announced at once, and their last rows reach disk in one commit at the end of the turn', async () => {
    const row = (id: string) => db.prepare<[string], { data: string }>("SELECT data FROM items WHERE type = 'zone' AND id = ?").get(id)?.data;
    store.insert('zone', { id: 'a', name: 'A' });
    const commits = jest.spyOn(db, 'transaction');
    store.saveRelaxed('zone', { id: 'a', name: 'A2' });
    store.saveRelaxed('zone', { id: 'a', name: 'A3' });
    store.saveRelaxed('zone', { id: 'b', name: 'B' });
    expect(store.get('zone', 'a')).toMatchObject({ name: 'A3' });
    expect(events.filter(({ uri }) => uri === 'homey:zone:a').map(({ data }) => (data as { name: string }).name)).toEqual(['A2', 'A3']);
    expect(JSON.parse(row('a')!)).toMatchObject({ name: 'A' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(row('a')!)).toMatchObject({ name: 'A3' });
    expect(JSON.parse(row('b')!)).toMatchObject({ name: 'B' });
    expect(commits).toHaveBeenCalledTimes(1);
    commits.mockRestore();
  });

  it("when a save says the item's own uri heard the change already, then its update goes to the manager's uri only, in a transaction too", () => {
    store.insert('zone', { id: 'a', name: 'A' });
    events.length = 0;
    store.saveRelaxed('zone', { id: 'a', name: 'A2' }, { itemUri: false });
    store.transaction(() => store.saveRelaxed('zone', { id: 'a', name: 'A3' }, { itemUri: false }));
    store.save('zone', { id: 'a', name: 'A4' });
    expect(events.map(({ uri, event, data }) => `${uri} ${event} ${(data as { name: string }).name}`)).toEqual([
      'homey:manager:zones zone.update A2',
      'homey:manager:zones zone.update A3',
      'homey:manager:zones zone.update A4',
      'homey:zone:a update A4',
    ]);
  });

  it('when a relaxed save is followed by a save, a remove or a rolled-back transaction, then disk and memory agree with the last write', async () => {
    const row = (id: string) => db.prepare<[string], { data: string }>("SELECT data FROM items WHERE type = 'zone' AND id = ?").get(id)?.data;
    store.saveRelaxed('zone', { id: 'a', name: 'relaxed' });
    store.save('zone', { id: 'a', name: 'saved' });
    store.saveRelaxed('zone', { id: 'gone', name: 'relaxed' });
    store.remove('zone', 'gone');
    store.saveRelaxed('zone', { id: 'b', name: 'relaxed' });
    expect(() => store.transaction(() => {
      store.save('zone', { id: 'c', name: 'rolled back' });
      throw new Error('failed');
    })).toThrow('failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(row('a')!)).toMatchObject({ name: 'saved' });
    expect(row('gone')).toBeUndefined();
    expect(store.get('zone', 'b')).toMatchObject({ name: 'relaxed' });
    expect(JSON.parse(row('b')!)).toMatchObject({ name: 'relaxed' });
    expect(store.get('zone', 'c')).toBeUndefined();
  });

  it('when the store is flushed, then the relaxed rows are on disk before the turn ends (a backup, a close)', () => {
    store.saveRelaxed('zone', { id: 'a', name: 'A' });
    store.flush();
    expect(db.prepare("SELECT count(*) AS n FROM items WHERE type = 'zone'").get()).toEqual({ n: 1 });
  });

  it('when a type is restricted, then its creates and updates carry the audience of the item, and deletes none', () => {
    store.restrictAs('zone', (zone) => (zone.secret ? (session) => session.id === 'owner' : undefined));
    store.insert('zone', { id: 'a', secret: true });
    store.insert('zone', { id: 'b' });
    store.save('zone', { id: 'a', secret: true, name: 'A' });
    store.remove('zone', 'a');
    const heardBy = (id: string) => events.map((event) => `${event.uri} ${event.event} ${event.audience ? event.audience({ id, scopes: [] }) : 'all'}`);
    expect(heardBy('owner')).toEqual([
      'homey:manager:zones zone.create true',
      'homey:manager:zones zone.create all',
      'homey:manager:zones zone.update true',
      'homey:zone:a update true',
      'homey:manager:zones zone.delete all',
      'homey:zone:a delete all',
    ]);
    expect(heardBy('guest').filter((line) => line.endsWith('false'))).toHaveLength(3);
  });
});

