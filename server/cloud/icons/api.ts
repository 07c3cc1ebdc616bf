import * as manifest from '../../../generated/cloud/icons.operations.js';
import type { operations } from '../../../generated/cloud/icons.js';
import { defineGuardedApi } from '../../http/api.js';
import type { ServiceContext } from '../../http/service.js';
import { searchIcons } from './catalogue.js';
import { iconPng, type IconsState } from './icons.js';

/** The SVG upload reads its body as it comes, beside the dispatcher (upload.ts); the rest have handlers here. */
const { createIconFromSVG: _upload, ...dispatched } = manifest.operations;

export const iconsApi = defineGuardedApi<operations, typeof dispatched, ServiceContext<IconsState>>(
  { manager: manifest.manager, operations: dispatched },
  {
    getIcons: ({ query }, { service }) => searchIcons(service.catalogue, query),
    getIconAsBuffer: ({ iconId, size }, { service }) => iconPng(service, iconId, size),
  },
);
