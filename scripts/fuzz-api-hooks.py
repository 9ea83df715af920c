# schemathesis hooks for scripts/fuzz-api.sh (loaded through SCHEMATHESIS_HOOKS).
# GET /v1/tracks/{id}/audio?stream=1 on a queued track is a progressive MP3 that ends when the track
# is ready. The fuzz server runs with generation off (WORKERS=0), so such a stream would stay open
# until the request timeout: the fuzz leaves `stream` out (apps/api/test/features/tracks/generate-end-to-end.test.ts
# covers live streaming).
import schemathesis


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    if case.operation.path.endswith("/audio") and isinstance(case.query, dict):
        case.query.pop("stream", None)
