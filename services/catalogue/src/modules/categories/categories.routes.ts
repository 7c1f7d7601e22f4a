import { listCategories } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { allCategories } from './category.repository';

export function categoryRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(listCategories, async ({ em }) => {
    const categories = await allCategories(em);
    return { data: categories.map((c) => ({ id: c.id, name: c.name })) };
  }).app;
}
