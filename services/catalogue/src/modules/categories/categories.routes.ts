import { listCategories } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { Category } from './category.entity';

export function categoryRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(listCategories, async ({ em }) => {
    const categories = await em.find(Category, {}, { orderBy: { name: 'asc' } });
    return { data: categories.map((c) => ({ id: c.id, name: c.name })) };
  }).app;
}
