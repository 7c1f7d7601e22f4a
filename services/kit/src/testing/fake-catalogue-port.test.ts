import { describeCataloguePortContract } from './catalogue-port-contract';
import { createFakeCataloguePort } from './fake-catalogue-port';

// The same contract catalogue's real port passes (services/catalogue/src/catalogue-port.contract.test.ts).
describeCataloguePortContract('in-memory fake', async (seed, neighbours) => ({
  port: createFakeCataloguePort(seed, () => neighbours).port,
  close: async () => {},
}));
