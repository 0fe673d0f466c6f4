// The fleet's topics (src/adapters/mqtt/TOPICS.md, "Fleet"). Pool-wide topics live under
// benchhand/_fleet/: a bench id cannot start with "_", so no bench's own tree can overlap them.
// Bench-written topics carry the bench id as a level, so the broker's ACL can hold each bench to
// its own claims and results (host/mosquitto/acl).
export const FLEET_ROOT = 'benchhand/_fleet';

export interface FleetTopics {
  /** Where jobs for `selector` go (QoS 1, not retained). */
  jobs(selector: string): string;
  /** What a bench subscribes to for `selector`: the pool's shared subscription (one bench of the pool gets each job). */
  sharedJobs(selector: string): string;
  jobsPrefix: string;
  submitted(jobId: string): string;
  allSubmitted: string;
  claim(benchId: string, jobId: string): string;
  allClaims: string;
  result(benchId: string, jobId: string): string;
  allResults: string;
  /** An operator's cancellation of a job no bench has claimed (retained; every bench of the pool reads it). */
  cancelled(jobId: string): string;
  allCancelled: string;
  cancelledPrefix: string;
  /** A job refused before it had a usable id (QoS 1, not retained). */
  refused(benchId: string): string;
}

export function fleetTopics(pool: string): FleetTopics {
  const base = `${FLEET_ROOT}/${pool}`;
  return {
    jobs: (selector) => `${base}/jobs/${selector}`,
    sharedJobs: (selector) => `$share/${pool}/${base}/jobs/${selector}`,
    jobsPrefix: `${base}/jobs/`,
    submitted: (jobId) => `${base}/submitted/${jobId}`,
    allSubmitted: `${base}/submitted/+`,
    claim: (benchId, jobId) => `${base}/claims/${benchId}/${jobId}`,
    allClaims: `${base}/claims/+/+`,
    result: (benchId, jobId) => `${base}/results/${benchId}/${jobId}`,
    allResults: `${base}/results/+/+`,
    // Under jobs/, where operators may write and benches read already; "_" starts no selector.
    cancelled: (jobId) => `${base}/jobs/_cancelled/${jobId}`,
    allCancelled: `${base}/jobs/_cancelled/+`,
    cancelledPrefix: `${base}/jobs/_cancelled/`,
    refused: (benchId) => `${base}/refused/${benchId}`,
  };
}

/** A person's status for a finding, fleet-wide (retained; every bench applies it). */
export const fleetFindingTopic = (findingId: string): string => `${FLEET_ROOT}/findings/${findingId}`;
export const ALL_FLEET_FINDINGS = `${FLEET_ROOT}/findings/+`;

/** The last level of a topic. */
export const lastLevel = (topic: string): string => topic.slice(topic.lastIndexOf('/') + 1);
/** The level before the last one (the bench id of a claim or result). */
export const levelBeforeLast = (topic: string): string => topic.split('/').at(-2) ?? '';
