import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openDb, type Db } from './db.js';
import { EventBus } from './events.js';
import { ItemStore } from '../hub/core/item-store.js';
import { watchMetrics } from './metrics.js';

const metrics = watchMetrics({ serialized: listItemsSerialized });
afterAll(() => metrics.stop());
import { encodeList, ITEMS_PER_PIECE, LIST_GZIP, WHOLE_GZIP_BYTES, lineageOf, listItemsSerialized } from './list-encoding.js';

describe('list answers encoded in pieces: a change costs one piece, the bytes and ETag stay exact', () => {
  let dir: string;
  let db: Db;
  let store: ItemStore;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'list-encoding-'));
    db = openDb(path.join(dir, 'test.sqlite'));
    store = new ItemStore(db, new EventBus(), {});
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const encoded = () => {
    const list = store.list('zone');
    return { list, encoding: encodeList(list, lineageOf(list)!) };
  };
  /** The encoding after `change`, with the items serialized for it. */
  const after = (change: () => void) => {
    change();
    const before = metrics.total('serialized');
    const { list, encoding } = encoded();
    encoding.gzip();
    return { list, encoding, serialized: metrics.total('serialized') - before };
  };
  const exact = ({ list, encoding }: ReturnType<typeof encoded>) => {
    expect(encoding.body().toString()).toBe(JSON.stringify(list));
    expect(gunzipSync(encoding.gzip()!).toString()).toBe(JSON.stringify(list));
    expect(encoding.length).toBe(Buffer.byteLength(JSON.stringify(list)));
  };

  it('when lists of 0, 1 and many items are encoded, then body and gzip are exactly their JSON', () => {
    expect(encoded().encoding.body().toString()).toBe('{}');
    store.insert('zone', { id: 'z0', name: 'Zone 0' });
    expect(encoded().encoding.body().toString()).toBe(JSON.stringify(store.list('zone')));
    for (let n = 1; n < 5 * ITEMS_PER_PIECE; n++) store.insert('zone', { id: `z${n}`, name: `Zone ${n} ${'x'.repeat(n)}` });
    exact(encoded());
  });

  it.each([10, 100])('when one item of %i more changes, then its piece alone is made again, the ETag changes and the bytes stay exact', (extra) => {
    for (let n = 0; n < extra; n++) store.insert('zone', { id: `more-${extra}-${n}`, name: `More ${n}` });
    const first = encoded();
    first.encoding.gzip();
    const changed = after(() => store.save('zone', { id: 'z3', name: `Renamed ${extra}` }));
    expect(changed.encoding.etag).not.toBe(first.encoding.etag);
    exact(changed);
    // The changed item's JSON is its row's (made by the write): nothing more is serialized, whatever the list's size.
    expect(changed.serialized).toBe(0);
  });

  it('when an item is saved again as the same object, changed in place, then its piece is made again', () => {
    const item = store.get('zone', 'z5')!;
    const first = encoded().encoding;
    first.gzip();
    item.name = 'Changed in place';
    const changed = after(() => store.save('zone', item));
    expect(changed.encoding.etag).not.toBe(first.etag);
    exact(changed);
  });

  it('when a changed list up to WHOLE_GZIP_BYTES is gzipped, then its bytes are those of its body gzipped once, whole', () => {
    const { encoding } = after(() => store.save('zone', { id: 'z4', name: 'Gzipped whole' }));
    expect(encoding.gzip()!.equals(gzipSync(encoding.body(), LIST_GZIP))).toBe(true);
  });

  it('when an item is removed from the middle, then the later pieces shift and the answer stays exact', () => {
    exact(after(() => store.remove('zone', 'z1')));
  });

  it('when a list is larger than WHOLE_GZIP_BYTES, then it is gzipped in pieces (a change costs one piece), and unzips to exactly its JSON', () => {
    for (let n = 0; n < WHOLE_GZIP_BYTES / 1000; n++) store.insert('zone', { id: `large-${n}`, name: `Large ${n} ${'y'.repeat(1000)}` });
    const changed = after(() => store.save('zone', { id: 'large-7', name: 'Changed among many' }));
    expect(changed.encoding.length).toBeGreaterThan(WHOLE_GZIP_BYTES);
    exact(changed);
    expect(changed.encoding.gzip()!.equals(gzipSync(changed.encoding.body(), LIST_GZIP))).toBe(false);
  });
});
