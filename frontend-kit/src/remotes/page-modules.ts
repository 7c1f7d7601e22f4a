import type { RemoteName } from '@portal/contracts';
import type adminExposes from '@portal/remote-admin/exposes';
import type companyExposes from '@portal/remote-company/exposes';
import type learnerExposes from '@portal/remote-learner/exposes';
import type verifyExposes from '@portal/remote-verify/exposes';

/** `{ './enrol-wizard': … }` → `'enrol-wizard'`: the names a remote's exposes map publishes. */
type ExposedNames<Exposes> = keyof Exposes extends infer Key ? (Key extends `./${infer Name}` ? Name : never) : never;

/** Each remote's page modules, read from the exposes map its build publishes (remotes/<name>/exposes.json). */
export interface PageModules {
  learner: ExposedNames<typeof learnerExposes>;
  company: ExposedNames<typeof companyExposes>;
  admin: ExposedNames<typeof adminExposes>;
  verify: ExposedNames<typeof verifyExposes>;
}

/** A page a remote publishes: the remote and one of its exposed modules. */
export type RemotePageAddress = { [R in RemoteName]: { remote: R; module: PageModules[R] } }[RemoteName];
