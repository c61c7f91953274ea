// The call-quality summary (issue 16): read from RTCPeerConnection.getStats(), no media. One
// sample per peer connection; a call that renegotiated (a rejoin) adds up its connections.
import type { VisitQuality } from '@store/domain';

type Stat = Record<string, unknown> & { type: string; id: string };

/** What one peer connection reported. */
export interface StatsSample {
  framesDecoded: number;
  packetsLost: number;
  /** ms; null when the selected pair reported no round trip. */
  roundTripMs: number | null;
  jitterMs: number | null;
  localCandidateType: VisitQuality['localCandidateType'];
  /** An inbound video stream has decoded a frame. */
  videoDecoded: boolean;
}

const CANDIDATE_TYPES = ['host', 'srflx', 'prflx', 'relay'] as const;

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function values(report: RTCStatsReport): Stat[] {
  const out: Stat[] = [];
  report.forEach((stat: Stat) => out.push(stat));
  return out;
}

/** The candidate pair the connection uses: the transport's selected one, else a nominated succeeded one. */
function selectedPair(stats: Stat[]): Stat | null {
  const byId = new Map(stats.map((s) => [s.id, s]));
  for (const s of stats) {
    if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') {
      const pair = byId.get(s.selectedCandidatePairId);
      if (pair) return pair;
    }
  }
  return (
    stats.find((s) => s.type === 'candidate-pair' && s.selected === true) ??
    stats.find(
      (s) => s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded',
    ) ??
    null
  );
}

export function sampleFromReport(report: RTCStatsReport): StatsSample {
  const stats = values(report);
  let framesDecoded = 0;
  let packetsLost = 0;
  let jitterMs: number | null = null;
  for (const s of stats) {
    if (s.type !== 'inbound-rtp') continue;
    const kind = s.kind ?? s.mediaType;
    packetsLost += Math.max(0, num(s.packetsLost) ?? 0);
    if (kind === 'video') framesDecoded += Math.max(0, num(s.framesDecoded) ?? 0);
    if (kind === 'audio') {
      const jitter = num(s.jitter);
      if (jitter !== null) jitterMs = jitter * 1000;
    }
  }
  let roundTripMs: number | null = null;
  let localCandidateType: StatsSample['localCandidateType'] = null;
  const pair = selectedPair(stats);
  if (pair) {
    const total = num(pair.totalRoundTripTime);
    const responses = num(pair.responsesReceived);
    const current = num(pair.currentRoundTripTime);
    if (total !== null && responses) roundTripMs = (total / responses) * 1000;
    else if (current !== null) roundTripMs = current * 1000;
    const local = stats.find((s) => s.id === pair.localCandidateId);
    const type = local?.candidateType;
    localCandidateType = CANDIDATE_TYPES.find((t) => t === type) ?? null;
  }
  return {
    framesDecoded,
    packetsLost,
    roundTripMs,
    jitterMs,
    localCandidateType,
    videoDecoded: framesDecoded > 0,
  };
}

export interface QualityTotals {
  /** Samples of the peer connections already closed, and the current one's latest. */
  closed: StatsSample[];
  current: StatsSample | null;
}

function clamp(value: number, max: number): number {
  return Math.min(max, Math.max(0, value));
}

/** The summary sent as the `quality` message: counts add up; RTT, jitter and candidate type are the latest known. */
export function summarize(
  samples: StatsSample[],
  extra: {
    firstFrameMs: number | null;
    iceRestarts: number;
    audioOnly: boolean;
    durationMs: number;
  },
): VisitQuality {
  let framesDecoded = 0;
  let packetsLost = 0;
  let roundTripMs: number | null = null;
  let jitterMs: number | null = null;
  let localCandidateType: VisitQuality['localCandidateType'] = null;
  for (const s of samples) {
    framesDecoded += s.framesDecoded;
    packetsLost += s.packetsLost;
    if (s.roundTripMs !== null) roundTripMs = s.roundTripMs;
    if (s.jitterMs !== null) jitterMs = s.jitterMs;
    if (s.localCandidateType !== null) localCandidateType = s.localCandidateType;
  }
  return {
    firstFrameMs:
      extra.firstFrameMs === null ? null : Math.round(clamp(extra.firstFrameMs, 3_600_000)),
    framesDecoded: Math.round(framesDecoded),
    packetsLost: Math.round(packetsLost),
    roundTripMs: roundTripMs === null ? null : clamp(roundTripMs, 60_000),
    jitterMs: jitterMs === null ? null : clamp(jitterMs, 60_000),
    localCandidateType,
    iceRestarts: clamp(extra.iceRestarts, 100),
    audioOnly: extra.audioOnly,
    durationMs: Math.round(clamp(extra.durationMs, 24 * 3_600_000)),
  };
}
