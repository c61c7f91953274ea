// Types of balancer.mjs for the TypeScript tests and suites.
export interface BalancerUpstream {
  name: string;
  host: string;
  port: number;
  healthy: boolean;
}

export interface Balancer {
  url: string;
  port: number;
  stats: { requests: number; retriedRefused: number; badGateway: number; noUpstream: number; upgrades: number };
  upstreams: BalancerUpstream[];
  checkNow(): Promise<void>;
  close(): Promise<void>;
}

export function startBalancer(options: {
  upstreams: { name: string; host?: string; port: number }[];
  port?: number;
  host?: string;
  healthPath?: string;
  healthEveryMs?: number;
  healthTimeoutMs?: number;
  log?: (line: string) => void;
}): Promise<Balancer>;
