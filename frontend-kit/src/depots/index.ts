/**
 * `@portal/frontend-kit/depots`: deleting a depot (the manager's Edit depot and the admin's Edit
 * company). A sub-entry, not the shared main entry, which every page loads whole (it cannot be
 * tree-shaken): only the two pages that delete a depot carry it.
 */
export { DepotDeletion, type DepotDeletionProps } from './depot-deletion';
