import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

/** One API of the contract: a hub manager, a cloud service, the hub's app routes or the support back end. */
export interface ApiSource {
  /** `hub/zones`: where its generated files go, below generated/. */
  name: string;
  /** `hub`, `cloud`, `app` (the hub's /api/app routes, not a manager) or `support`. */
  group: string;
  /** The manager or service id: `zones`, `google-assistant`, `account`. */
  id: string;
  /** The YAML document, relative to the repository root. */
  source: string;
}

export const root = process.cwd();

/**
 * Every API document below openapi/: openapi/<group>/<id>.yaml, or for a large one a folder whose thin root is
 * openapi/<group>/<id>/openapi.yaml beside its paths/, schemas/ and examples/. A group of one API (the support
 * back end) is that API: openapi/<group>/openapi.yaml, generated as generated/<group>.*.
 */
export function listApis(): ApiSource[] {
  const apis: ApiSource[] = [];
  for (const group of ['hub', 'cloud', 'app', 'support']) {
    const dir = path.join(root, 'openapi', group);
    if (!existsSync(dir)) continue;
    const standalone = `openapi/${group}/openapi.yaml`;
    if (existsSync(path.join(root, standalone))) {
      apis.push({ name: group, group, id: group, source: standalone });
      continue;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const folderRoot = `openapi/${group}/${entry.name}/openapi.yaml`;
      if (entry.isDirectory() && existsSync(path.join(root, folderRoot))) {
        apis.push({ name: `${group}/${entry.name}`, group, id: entry.name, source: folderRoot });
      } else if (entry.isFile() && entry.name.endsWith('.yaml')) {
        const id = entry.name.slice(0, -'.yaml'.length);
        apis.push({ name: `${group}/${id}`, group, id, source: `openapi/${group}/${entry.name}` });
      }
    }
  }
  return apis.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The groups whose documents are also joined into one bundle (generated/<group>.openapi.json): not a group of one. */
export function listGroups(apis: ApiSource[]): string[] {
  return [...new Set(apis.filter((api) => api.name !== api.group).map((api) => api.group))];
}
