/**
 * The cluster's ports beside nginx's `port` (serve-cluster.ts): content site, control server, S3
 * store, instances. Mind Chromium's blocked ports (5060 and 5061 are SIP's): a content site there
 * never loads in the browser, so E2E_PORT_BASE must not put `port + 20` on them.
 */
export const clusterPorts = (port: number) => ({ content: port + 20, control: port + 30, s3: port + 31, firstInstance: port + 200 });

export interface InstanceInfo {
  name: string;
  kind: 'gateway' | 'content' | 'identity' | 'catalogue' | 'enrolment' | 'reporting' | 'worker';
  port: number | null;
  healthPath: string | null;
  pid: number | null;
  up: boolean;
}

/** cluster.spec.ts's handle on serve-cluster.ts: list, kill (SIGKILL), stop (SIGTERM), start and restart instances. */
export function clusterControl(portalPort: number) {
  const base = `http://127.0.0.1:${clusterPorts(portalPort).control}`;
  const call = async (path: string, method = 'POST'): Promise<InstanceInfo[]> => {
    const response = await fetch(`${base}${path}`, { method });
    const body = (await response.json()) as InstanceInfo[] | { error: string };
    if (!response.ok) throw new Error(`cluster control ${path}: ${(body as { error: string }).error}`);
    return body as InstanceInfo[];
  };
  return {
    instances: () => call('/instances', 'GET'),
    databaseUrl: async () => ((await (await fetch(`${base}/database`)).json()) as { url: string }).url,
    kill: (name: string) => call(`/kill/${name}`),
    stop: (name: string) => call(`/stop/${name}`),
    start: (name: string) => call(`/start/${name}`),
    restart: (name: string) => call(`/restart/${name}`),
  };
}
