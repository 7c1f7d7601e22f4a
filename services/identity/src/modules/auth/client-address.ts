/** The caller's network address for per-address limits (kit: honours TRUST_PROXY; the env is required). */
export { clientAddress } from '@portal/service-kit';
