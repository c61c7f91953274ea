// Types of topology.mjs for the TypeScript suites (bench/).
export interface TopologyOptions {
  /** Web instances (default 2). */
  web?: number;
  /** Background-job workers (default 1). */
  workers?: number;
  /** The balancer's port (web instances take the next ones); 0 or unset: free ports. */
  port?: number;
  /** Default: DATABASE_URL, else a fresh local database `<databasePrefix>_<timestamp>`, dropped at stop(). */
  databaseUrl?: string;
  databasePrefix?: string;
  /** Default: REDIS_URL, else the local Redis (127.0.0.1:6379) when it answers, with a prefix of this run's own. */
  redisUrl?: string;
  /** false: no Redis even when one is there (each instance keeps its own caches, limits and calls). */
  redis?: boolean;
  /** Extra environment for every process (web and worker). */
  env?: Record<string, string>;
  /** Extra environment for the workers only. */
  workerEnv?: Record<string, string>;
  haproxy?: boolean;
  /** Run scripts/build.mjs first (default true; it builds only what changed). */
  build?: boolean;
  quietBuild?: boolean;
  /** Print every process's output, prefixed with its name. */
  echo?: boolean;
  log?: (line: string) => void;
  nodeArgs?: string[];
  startTimeoutMs?: number;
}

export interface TopologyInstance {
  name: string;
  kind: 'web' | 'worker';
  url: string | null;
  port: number | null;
}

export interface BalancerStats {
  requests: number;
  retriedRefused: number;
  badGateway: number;
  noUpstream: number;
  upgrades: number;
}

export interface Topology {
  /** The balancer's address. */
  url: string;
  databaseUrl: string;
  databaseName: string | null;
  /** The Redis every instance shares, or null. */
  redisUrl: string | null;
  dataDir: string;
  balancer: 'node' | 'haproxy';
  balancerStats: BalancerStats | null;
  instances: TopologyInstance[];
  pidOf(name: string): number | null;
  alive(name: string): boolean;
  output(name: string): string;
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

export function startTopology(options?: TopologyOptions): Promise<Topology>;
export function freePort(): Promise<number>;
export function postgresReachable(adminUrl?: string): Promise<boolean>;
export function createDatabase(prefix?: string, adminUrl?: string): Promise<{ name: string; url: string; drop: () => Promise<unknown> }>;
export function haproxyAvailable(): boolean;
export const repoRoot: string;
