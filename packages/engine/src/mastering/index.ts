// Stage 4 of the engine: mastering. Pure functions over AudioBuffer; see README.md.
export {
  kWeightingGainDb,
  type LoudnessMeasurement,
  measureIntegratedLoudness,
  measureLoudness,
} from './loudness.js';
export { type MasterGains, type MasterOptions, type MasterResult, masterTrack } from './master-track.js';
export {
  createStreamingMaster,
  type StreamingMaster,
  type StreamingMasterOptions,
} from './streaming-master.js';
export { MasterEq } from './tone.js';
