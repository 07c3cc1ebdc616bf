import autocannon from 'autocannon';
const url = 'http://127.0.0.1:5859', token = process.env.TOKEN!;
const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
const devices = Object.values(await (await fetch(url + '/api/manager/devices/device', { headers })).json() as Record<string, { id: string; name: string }>);
const sensor = devices.find((d) => d.name === 'Living room climate')!;
const r = await autocannon({ url, connections: 10, duration: Number(process.env.SECS ?? 10), requests: [{ method: 'PUT', path: `/api/manager/devices/device/${sensor.id}/capability/measure_temperature`, headers, setupRequest: (req) => ({ ...req, body: JSON.stringify({ value: Math.round(1500 + Math.random() * 1000) / 100 }) }) }] });
console.log('req/s', r.requests.average, 'codes', JSON.stringify(r.statusCodeStats));
