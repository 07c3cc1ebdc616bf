import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { notFound } from '../../http/errors.js';

export interface ZipcodeAddress {
  zipcode: string;
  number: string;
  street: string;
  city: string;
  state: string;
  country: string;
}

/** Read from the repository, as the hub's app catalogue is (npm start runs from its root). */
const ZIPCODE_TABLE = resolve('server/cloud/store/data/zipcodes.tsv');

/** `1071 xx` and `1071XX` are one zipcode; keys keep no spaces. */
const zipcodeKey = (zipcode: string) => zipcode.toUpperCase().replace(/\s+/g, '');
const display = (key: string) => (/^\d{4}[A-Z]{2}$/.test(key) ? `${key.slice(0, 4)} ${key.slice(4)}` : key);

/** The shipped table (data/zipcodes.tsv, its source in its header), by zipcode and house number. */
function loadTable(): ReadonlyMap<string, ZipcodeAddress> {
  const lines = readFileSync(ZIPCODE_TABLE, 'utf8').split('\n').filter((line) => line && !line.startsWith('#'));
  const table = new Map<string, ZipcodeAddress>();
  for (const line of lines.slice(1)) {
    const [zipcode, number, street, city, state] = line.split('\t') as [string, string, string, string, string];
    table.set(`${zipcode} ${number}`, { zipcode: display(zipcode), number, street, city, state, country: 'NL' });
  }
  return table;
}

let table: ReadonlyMap<string, ZipcodeAddress> | undefined;

/** The address at a zipcode and house number, or 404. */
export function zipcodeAddress(zipcode: string, number: string): ZipcodeAddress {
  table ??= loadTable();
  const found = table.get(`${zipcodeKey(zipcode)} ${number.toUpperCase()}`);
  if (!found) throw notFound(`Address at ${zipcode} ${number}`);
  return found;
}
