import { hubApis as manifests } from '../../../generated/hub/index.js';
import { hubApis } from './apis.js';

describe('hub handler registry', () => {
  it('when the contract names an operation, then the hub has a handler for it or serves it as item CRUD', () => {
    const unserved = Object.entries(manifests).flatMap(([managerId, { operations }]) =>
      Object.entries(operations)
        .filter(([operationId, spec]) => !spec.crud && !Object.hasOwn((hubApis as Record<string, { handlers: object }>)[managerId]?.handlers ?? {}, operationId))
        .map(([operationId]) => `${managerId}.${operationId}`),
    );
    expect(unserved).toEqual([]);
  });

  it('when a handler is registered, then the contract has its operation', () => {
    const unknown = Object.entries(hubApis).flatMap(([managerId, api]) =>
      Object.keys(api.handlers).filter((operationId) => !(operationId in (manifests as Record<string, { operations: object }>)[managerId]!.operations)).map((id) => `${managerId}.${id}`),
    );
    expect(unknown).toEqual([]);
  });
});
