import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import type { Hub } from '../core/context.js';

/**
 * `/app/<id>/assets/<file>` and `/app/<id>/drivers/<driver>/assets/<file>`: what app.json points at (icon, images);
 * `/app/<id>/drivers/<driver>/<pair|repair|unpair>/<file>`: its drivers' custom pairing views (a view's `url`) and their files.
 */
const ASSET = /^\/app\/([^/]+)\/(assets|drivers\/[\w-]+\/(?:assets|pair|repair|unpair))\/(.+)$/;

/**
 * An installed app's own assets (its icon, its drivers' images and pairing views), read from its package: nothing
 * outside those folders, no dot files; a file the app does not have falls through to the kernel's JSON 404.
 */
export function appAssets(hub: Hub): RequestHandler {
  const router = express.Router();
  router.get(ASSET, (req, res, next) => {
    const [, appId = '', folder = '', file = ''] = ASSET.exec(req.path) ?? [];
    const pack = hub.apps.packages.get(appId);
    if (!pack) return next();
    // The folder is the root: a path that climbs out of it (`..`) is refused by sendFile.
    res.sendFile(file, { root: join(pack.dir, folder), dotfiles: 'deny' }, (error) => {
      if (error) next();
    });
  });
  return router;
}
