import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

/** One API of the contract: a hub manager, a cloud service or the support back end. */
export interface ApiSource {
  /** `hub/zones`: where its generated files go, below generated/. */
  name: string;
  /** `hub`, `cloud` or `support`. */
  group: string;
  /** The manager or service id: `zones`, `google-assistant`, `account`. */
  id: string;
  /** The YAML document, relative to the repository root. */
  source: string;
}

export const root = process.cwd();

/** Every API document below openapi/, found by folder: openapi/<group>/<id>.yaml. */
export function listApis(): ApiSource[] {
  const apis: ApiSource[] = [];
  for (const group of ['hub', 'cloud']) {
    const dir = path.join(root, 'openapi', group);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.yaml')) continue;
      const id = file.slice(0, -'.yaml'.length);
      apis.push({ name: `${group}/${id}`, group, id, source: `openapi/${group}/${file}` });
    }
  }
  return apis;
}

/** The groups whose documents are also joined into one bundle (generated/<group>.openapi.json). */
export function listGroups(apis: ApiSource[]): string[] {
  return [...new Set(apis.map((api) => api.group))];
}
