/** The caller's network address for per-address limits (kit: honours TRUST_PROXY when given the env). */
export { clientAddress } from '@portal/service-kit';
