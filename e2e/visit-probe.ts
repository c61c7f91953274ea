/// <reference lib="dom" />
// The visit journeys' and the visit bench's probe of a page's call (issue 16): an init script,
// installed before any of the app's code runs, that wraps window.RTCPeerConnection (the call
// engine makes each connection with `new RTCPeerConnection(config)`) to keep every connection the
// page makes — and, for the relay journey, to force iceTransportPolicy 'relay' — and wraps
// WebSocket to note when the server's `ready` reaches the page. No app change.
import type { BrowserContext, Page } from '@playwright/test';

/** What the init script keeps on `window` (read with page.evaluate). */
export interface CallProbe {
  pcs: RTCPeerConnection[];
  readyAt: number[];
  firstFrameAt: number | null;
}

/**
 * The probe as plain JavaScript source: a script handed to the page as text runs as written,
 * whoever compiles the caller (a function would be serialised after the TypeScript transform,
 * which under tsx adds helpers such as __name that do not exist in the page).
 */
const PROBE_SOURCE = `
(() => {
  const { relay, pollMs } = __OPTIONS__;
  const probe = { pcs: [], readyAt: [], firstFrameAt: null };
  window.__visitProbe = probe;
  const withPolicy = (config) => (relay ? { ...(config || {}), iceTransportPolicy: 'relay' } : config);
  const NativePC = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePC {
    constructor(config) {
      super(withPolicy(config));
      probe.pcs.push(this);
    }
    setConfiguration(config) {
      super.setConfiguration(withPolicy(config));
    }
  };

  const pollFirstFrame = () => {
    if (!pollMs || probe.firstFrameAt !== null) return;
    const tick = async () => {
      for (const pc of probe.pcs) {
        if (pc.signalingState === 'closed') continue;
        const stats = await pc.getStats().catch(() => null);
        if (stats) stats.forEach((r) => {
          if (probe.firstFrameAt === null && r.type === 'inbound-rtp' && r.kind === 'video' && (r.framesDecoded || 0) > 0)
            probe.firstFrameAt = Date.now();
        });
      }
      if (probe.firstFrameAt === null) setTimeout(tick, pollMs);
    };
    tick();
  };

  const NativeWS = window.WebSocket;
  window.WebSocket = class extends NativeWS {
    constructor(url, protocols) {
      super(url, protocols);
      if (!String(url).includes('/signal')) return;
      this.addEventListener('message', (event) => {
        let type;
        try {
          type = JSON.parse(String(event.data)).type;
        } catch {
          return;
        }
        if (type === 'ready') {
          probe.readyAt.push(Date.now());
          pollFirstFrame();
        }
      });
    }
  };
})();
`;

/**
 * Installs the call probe in every page of `context` before any of the app's code runs
 * (`window.__visitProbe`, a CallProbe). `relay` forces every connection the page makes (and any
 * later setConfiguration) to iceTransportPolicy 'relay'. `pollFirstFrameMs` also polls getStats
 * that often, from the first `ready` on, for the first inbound video frame decoded (the bench's
 * measure: `firstFrameAt`).
 */
export async function probeCalls(context: BrowserContext, opts: { relay?: boolean; pollFirstFrameMs?: number } = {}) {
  const options = JSON.stringify({ relay: opts.relay ?? false, pollMs: opts.pollFirstFrameMs ?? 0 });
  await context.addInitScript({ content: PROBE_SOURCE.replace('__OPTIONS__', options) });
}

/** Frames of the other side's video this page has decoded (inbound-rtp video, over its live connections). */
export function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const probe = (window as unknown as { __visitProbe?: CallProbe }).__visitProbe;
    let frames = 0;
    for (const pc of probe?.pcs ?? []) {
      if (pc.signalingState === 'closed') continue;
      const stats = await pc.getStats();
      stats.forEach((r: { type: string; kind?: string; framesDecoded?: number }) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') frames = Math.max(frames, r.framesDecoded ?? 0);
      });
    }
    return frames;
  });
}

export interface SelectedPair {
  local: string;
  remote: string;
  protocol: string;
  relayProtocol: string | null;
}

/** The candidate pair the page's live connection is using (local and remote candidate types). */
export function selectedPair(page: Page): Promise<SelectedPair | null> {
  return page.evaluate(async () => {
    const probe = (window as unknown as { __visitProbe?: CallProbe }).__visitProbe;
    const live = (probe?.pcs ?? []).filter((pc) => pc.signalingState !== 'closed');
    const pc = live[live.length - 1];
    if (!pc) return null;
    const stats = await pc.getStats();
    type Entry = { id: string; type: string; selectedCandidatePairId?: string; nominated?: boolean; state?: string; localCandidateId?: string; remoteCandidateId?: string; candidateType?: string; protocol?: string; relayProtocol?: string };
    const all: Entry[] = [];
    stats.forEach((r: Entry) => all.push(r));
    const pairId =
      all.find((r) => r.type === 'transport' && r.selectedCandidatePairId)?.selectedCandidatePairId ??
      all.find((r) => r.type === 'candidate-pair' && r.nominated && r.state === 'succeeded')?.id;
    const pair = all.find((r) => r.id === pairId);
    if (!pair) return null;
    const local = all.find((r) => r.id === pair.localCandidateId);
    const remote = all.find((r) => r.id === pair.remoteCandidateId);
    return {
      local: local?.candidateType ?? '',
      remote: remote?.candidateType ?? '',
      protocol: local?.protocol ?? '',
      relayProtocol: local?.relayProtocol ?? null,
    };
  });
}
