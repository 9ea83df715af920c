"""Tags audio files with musicnn's pre-trained models and prints one JSON object on stdout.

    .venv/bin/python musicnn_tags.py [--top 5] [--models MSD_musicnn,MTT_musicnn] FILE...

For every file and model: the tag likelihoods averaged over the file's 3 s patches (what
musicnn.tagger.top_tags ranks), as the top tags and as every tag ranked, best first. Each model's
graph is built and its weights restored once for the whole file list, not once per file as musicnn's
own top_tags does, so a longer list costs only its spectrograms and forward passes.
"""

import argparse
import json
import os
import sys
import warnings

# TensorFlow logs and tf.compat.v1 deprecation warnings go to stderr; keep them quiet so stderr holds
# only real errors. Set before TensorFlow is imported.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
warnings.filterwarnings("ignore")

from importlib.metadata import version  # noqa: E402

import librosa  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from musicnn import configuration, models  # noqa: E402
from musicnn.extractor import batch_data  # noqa: E402  (also turns eager execution off)

# The models were trained on 3 s patches; musicnn's top_tags uses them without overlap.
PATCH_SECONDS = 3


def labels_for(model):
    if model.startswith("MTT"):
        return configuration.MTT_LABELS
    if model.startswith("MSD"):
        return configuration.MSD_LABELS
    raise ValueError(f"unknown musicnn model {model!r}")


def tag_files(model, paths, top):
    labels = labels_for(model)
    n_frames = (
        librosa.time_to_frames(
            PATCH_SECONDS, sr=configuration.SR, n_fft=configuration.FFT_SIZE, hop_length=configuration.FFT_HOP
        )
        + 1
    )
    tf.compat.v1.reset_default_graph()
    with tf.name_scope("model"):
        x = tf.compat.v1.placeholder(tf.float32, [None, n_frames, configuration.N_MELS])
        is_training = tf.compat.v1.placeholder(tf.bool)
        logits = models.define_model(x, is_training, model, len(labels))[0]
        likelihoods = tf.nn.sigmoid(logits)
    weights = os.path.join(os.path.dirname(models.__file__), model) + "/"
    results = {}
    with tf.compat.v1.Session() as session:
        tf.compat.v1.train.Saver().restore(session, weights)
        for path in paths:
            patches, _ = batch_data(path, n_frames, n_frames)
            taggram = session.run(likelihoods, feed_dict={x: patches, is_training: False})
            mean = np.mean(taggram, axis=0)
            order = np.argsort(-mean)
            results[path] = {
                "patches": int(patches.shape[0]),
                "top": [{"tag": labels[i], "score": round(float(mean[i]), 4)} for i in order[:top]],
                "ranked": [{"tag": labels[i], "score": round(float(mean[i]), 4)} for i in order],
            }
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--models", default="MSD_musicnn,MTT_musicnn")
    args = parser.parse_args()
    missing = [p for p in args.files if not os.path.isfile(p)]
    if missing:
        print(f"no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    model_names = [m for m in args.models.split(",") if m]
    per_model = {m: tag_files(m, args.files, args.top) for m in model_names}
    out = {
        "tagger": {
            "name": "musicnn",
            "version": version("musicnn"),
            "tensorflow": tf.__version__,
            "librosa": librosa.__version__,
            "models": model_names,
            "patchSeconds": PATCH_SECONDS,
        },
        "files": [{"path": p, "models": {m: per_model[m][p] for m in model_names}} for p in args.files],
    }
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
