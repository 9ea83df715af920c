// A request input the engine cannot use, with the request field it came from ("chords",
// "sections[2].bars", "melody") so every front door can name the field and how to fix it.
import { EngineError } from '../types.js';

export class InputError extends EngineError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('request', `${field}: ${message}`);
    this.name = 'InputError';
  }
}
