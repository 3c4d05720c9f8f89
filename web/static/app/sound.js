// Short tones for the table, made at run time with Web Audio (no audio files):
//   play("move" | "your-turn" | "end"), as app/shell.js does for the worker's "sound" command
// Silent unless the reader turned sound on in the settings (localStorage
// "pygame_rules.settings", written by webui/settings.py; off by default).

const SETTINGS_KEY = "pygame_rules.settings";

// Each sound: notes of [frequency in Hz, start in s, length in s], one waveform, a peak volume.
const SOUNDS = {
  move: { wave: "triangle", peak: 0.18, notes: [[660, 0, 0.07]] },
  "your-turn": { wave: "sine", peak: 0.2, notes: [[523.25, 0, 0.12], [783.99, 0.12, 0.18]] },
  end: { wave: "sine", peak: 0.2, notes: [[523.25, 0, 0.14], [659.25, 0.14, 0.14], [783.99, 0.28, 0.14],
                                           [1046.5, 0.42, 0.32]] },
};

let context = null;

function soundOn() {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(SETTINGS_KEY) || "{}").sound === true;
  } catch {
    return false;  // storage refused or its text damaged: the default, silence
  }
}

// One note: a quick attack and an exponential fade, so it never clicks.
function note(ctx, wave, peak, [frequency, start, length]) {
  const at = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = wave;
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

// Play `name` if sound is on; `force` plays it anyway (the settings' sample when sound is turned on).
export function play(name, force = false) {
  const sound = SOUNDS[name];
  if (!sound || !(force || soundOn())) return false;
  const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!Context) return false;
  try {
    context ??= new Context();
    if (context.state === "suspended") context.resume();
    for (const n of sound.notes) note(context, sound.wave, sound.peak, n);
    return true;
  } catch {
    return false;  // the browser refused audio: the table plays on in silence
  }
}

