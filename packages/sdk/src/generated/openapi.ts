// Generated from openapi.json by openapi-typescript (scripts/generate-types.ts). Do not edit:
// run `npm run generate -w packages/sdk` after openapi.json changes.
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database answers and every migration is applied */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ready";
                            /** @enum {string} */
                            database: "pglite" | "postgres";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's credit balance and ledger entries, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    starting_after?: string;
                    ending_before?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "credits";
                            /** @description Credits free to spend; each track holds 1 until it is ready or failed. */
                            balance: number;
                            /** @description Credits held by tracks still being generated. */
                            held: number;
                            entries: {
                                /** @enum {string} */
                                object: "list";
                                data: {
                                    id: string;
                                    /** @enum {string} */
                                    object: "credit_entry";
                                    /** @enum {string} */
                                    kind: "grant" | "topup" | "hold" | "capture" | "release" | "refund" | "adjust";
                                    /** @description Change to the spendable balance: a hold is -1, a refund +1, a capture 0. */
                                    amount: number;
                                    balance_after: number;
                                    held_after: number;
                                    track_id: string | null;
                                    description: string | null;
                                    created_at: string;
                                }[];
                                has_more: boolean;
                                next_cursor: string | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace's tracks, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    starting_after?: string;
                    ending_before?: string;
                    status?: "queued" | "generating" | "ready" | "failed";
                    visibility?: "private" | "unlisted" | "public";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "track";
                                prompt: string;
                                duration: string;
                                duration_seconds: number;
                                /** @enum {string} */
                                status: "queued" | "generating" | "ready" | "failed";
                                progress: number;
                                /** @enum {string} */
                                visibility: "private" | "unlisted" | "public";
                                title: string;
                                voice_id: string | null;
                                seed: number;
                                loop: boolean;
                                bpm: number | null;
                                key: string | null;
                                metadata: {
                                    [key: string]: string;
                                };
                                webhook_url: string | null;
                                music: {
                                    bpm: number;
                                    key: string;
                                    time_signature: string;
                                    genre: string;
                                    moods: string[];
                                    instruments: string[];
                                    sections: {
                                        name: string;
                                        start: number;
                                        end: number;
                                    }[];
                                } | null;
                                audio: {
                                    formats: string[];
                                    sample_rate: number;
                                    channels: number;
                                    duration_seconds: number;
                                    loudness_lufs: number;
                                    true_peak_dbtp: number;
                                } | null;
                                urls: {
                                    audio: string;
                                    midi: string;
                                    stems: string;
                                    waveform: string;
                                    stream: string;
                                    share: string;
                                };
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                credits_charged: number;
                                workspace_id: string;
                                created_at: string;
                                started_at: string | null;
                                completed_at: string | null;
                            }[];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a track (holds 1 credit until it is ready; given back if it fails)
         * @description Send `Idempotency-Key` to retry safely: the same key and body replay the first answer for 24 h (`Idempotent-Replayed: true`). `Prefer: wait=N` (N ≤ 60) holds the answer until the track is ready or failed, or N seconds pass.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "idempotency-key"?: string;
                    prefer?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description What the music should sound like. */
                        prompt: string;
                        /** @description duration must be "short" (30 s), "standard" (120 s), "long" (240 s), or a length from 5 s to 600 s such as "45s" or "2:30" */
                        duration: string | number;
                        voice_id?: string | null;
                        /** @description Same seed + same request → same track. */
                        seed?: number;
                        loop?: boolean;
                        bpm?: number;
                        key?: string;
                        /** @enum {string} */
                        visibility?: "private" | "unlisted" | "public";
                        /** Format: uri */
                        webhook_url?: string;
                        metadata?: {
                            [key: string]: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "track";
                            prompt: string;
                            duration: string;
                            duration_seconds: number;
                            /** @enum {string} */
                            status: "queued" | "generating" | "ready" | "failed";
                            progress: number;
                            /** @enum {string} */
                            visibility: "private" | "unlisted" | "public";
                            title: string;
                            voice_id: string | null;
                            seed: number;
                            loop: boolean;
                            bpm: number | null;
                            key: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            webhook_url: string | null;
                            music: {
                                bpm: number;
                                key: string;
                                time_signature: string;
                                genre: string;
                                moods: string[];
                                instruments: string[];
                                sections: {
                                    name: string;
                                    start: number;
                                    end: number;
                                }[];
                            } | null;
                            audio: {
                                formats: string[];
                                sample_rate: number;
                                channels: number;
                                duration_seconds: number;
                                loudness_lufs: number;
                                true_peak_dbtp: number;
                            } | null;
                            urls: {
                                audio: string;
                                midi: string;
                                stems: string;
                                waveform: string;
                                stream: string;
                                share: string;
                            };
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            credits_charged: number;
                            workspace_id: string;
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List public tracks of every workspace, newest first (no credential needed)
         * @description Each track is the public representation (`object: "public_track"`).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    starting_after?: string;
                    ending_before?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "public_track";
                                title: string;
                                prompt: string;
                                duration: string;
                                duration_seconds: number;
                                music: {
                                    bpm: number;
                                    key: string;
                                    time_signature: string;
                                    genre: string;
                                    moods: string[];
                                    instruments: string[];
                                    sections: {
                                        name: string;
                                        start: number;
                                        end: number;
                                    }[];
                                } | null;
                                audio: {
                                    formats: string[];
                                    sample_rate: number;
                                    channels: number;
                                    duration_seconds: number;
                                    loudness_lufs: number;
                                    true_peak_dbtp: number;
                                } | null;
                                urls: {
                                    audio: string;
                                    waveform: string;
                                    share: string;
                                };
                                voice_id: string | null;
                                created_at: string;
                            }[];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tracks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a track (public and unlisted tracks need no credential)
         * @description The track's own workspace gets the full track (`object: "track"`); anyone else reading a public or unlisted track gets the public representation (`object: "public_track"`).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "track";
                            prompt: string;
                            duration: string;
                            duration_seconds: number;
                            /** @enum {string} */
                            status: "queued" | "generating" | "ready" | "failed";
                            progress: number;
                            /** @enum {string} */
                            visibility: "private" | "unlisted" | "public";
                            title: string;
                            voice_id: string | null;
                            seed: number;
                            loop: boolean;
                            bpm: number | null;
                            key: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            webhook_url: string | null;
                            music: {
                                bpm: number;
                                key: string;
                                time_signature: string;
                                genre: string;
                                moods: string[];
                                instruments: string[];
                                sections: {
                                    name: string;
                                    start: number;
                                    end: number;
                                }[];
                            } | null;
                            audio: {
                                formats: string[];
                                sample_rate: number;
                                channels: number;
                                duration_seconds: number;
                                loudness_lufs: number;
                                true_peak_dbtp: number;
                            } | null;
                            urls: {
                                audio: string;
                                midi: string;
                                stems: string;
                                waveform: string;
                                stream: string;
                                share: string;
                            };
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            credits_charged: number;
                            workspace_id: string;
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                        } | {
                            id: string;
                            /** @enum {string} */
                            object: "public_track";
                            title: string;
                            prompt: string;
                            duration: string;
                            duration_seconds: number;
                            music: {
                                bpm: number;
                                key: string;
                                time_signature: string;
                                genre: string;
                                moods: string[];
                                instruments: string[];
                                sections: {
                                    name: string;
                                    start: number;
                                    end: number;
                                }[];
                            } | null;
                            audio: {
                                formats: string[];
                                sample_rate: number;
                                channels: number;
                                duration_seconds: number;
                                loudness_lufs: number;
                                true_peak_dbtp: number;
                            } | null;
                            urls: {
                                audio: string;
                                waveform: string;
                                share: string;
                            };
                            voice_id: string | null;
                            created_at: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a track and its files (an unfinished track gives its credit back) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tracks/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set who can see a track: private (workspace), unlisted (anyone with the link) or public (listed) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        visibility: "private" | "unlisted" | "public";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "track";
                            prompt: string;
                            duration: string;
                            duration_seconds: number;
                            /** @enum {string} */
                            status: "queued" | "generating" | "ready" | "failed";
                            progress: number;
                            /** @enum {string} */
                            visibility: "private" | "unlisted" | "public";
                            title: string;
                            voice_id: string | null;
                            seed: number;
                            loop: boolean;
                            bpm: number | null;
                            key: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            webhook_url: string | null;
                            music: {
                                bpm: number;
                                key: string;
                                time_signature: string;
                                genre: string;
                                moods: string[];
                                instruments: string[];
                                sections: {
                                    name: string;
                                    start: number;
                                    end: number;
                                }[];
                            } | null;
                            audio: {
                                formats: string[];
                                sample_rate: number;
                                channels: number;
                                duration_seconds: number;
                                loudness_lufs: number;
                                true_peak_dbtp: number;
                            } | null;
                            urls: {
                                audio: string;
                                midi: string;
                                stems: string;
                                waveform: string;
                                stream: string;
                                share: string;
                            };
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            credits_charged: number;
                            workspace_id: string;
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tracks/{id}/audio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the audio (mp3, wav, ogg or flac); supports Range (206) and ETag
         * @description With `?stream=1` (mp3) on a track that is still queued or generating, the answer is a progressive MP3 that grows as the track renders and ends when it is ready, so a player can start at once.
         */
        get: {
            parameters: {
                query?: {
                    format?: "mp3" | "wav" | "ogg" | "flac";
                    stream?: "0" | "1" | "true" | "false";
                    download?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tracks/{id}/midi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the arrangement as a Standard MIDI File */
        get: {
            parameters: {
                query?: {
                    download?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tracks/{id}/stems": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a zip of per-instrument WAV stems */
        get: {
            parameters: {
                query?: {
                    download?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tracks/{id}/waveform": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Waveform peaks for drawing the track (min/max pairs per bucket) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "waveform";
                            samples_per_peak: number;
                            sample_rate: number;
                            /** @description min/max pairs per bucket, interleaved, in -1…1 */
                            peaks: number[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Browse and search the voice marketplace */
        get: {
            parameters: {
                query?: {
                    /** @description Full-text search over name, description, styles and tags; each word matches as a prefix. */
                    q?: string;
                    gender?: "female" | "male" | "neutral";
                    range?: "soprano" | "mezzo" | "alto" | "tenor" | "baritone" | "bass";
                    style?: "pop" | "soul" | "rnb" | "jazz" | "gospel" | "choir" | "operatic" | "folk" | "country" | "rock" | "blues" | "electronic" | "robotic" | "synthwave" | "airy" | "breathy" | "cinematic" | "ambient" | "lofi" | "latin" | "afrobeat" | "celtic" | "chant";
                    /** @description ISO 639-1 code (la = Latin). */
                    language?: "en" | "es" | "fr" | "de" | "it" | "pt" | "ja" | "ko" | "zh" | "hi" | "ar" | "sw" | "yo" | "ga" | "la" | "sv" | "ru";
                    /** @description popular (most used first), newest, or name (A→Z); ties are ordered by id. */
                    sort?: "popular" | "newest" | "name";
                    limit?: number;
                    starting_after?: string;
                    ending_before?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "voice";
                                name: string;
                                description: string;
                                /** @enum {string} */
                                gender: "female" | "male" | "neutral";
                                /** @enum {string} */
                                range: "soprano" | "mezzo" | "alto" | "tenor" | "baritone" | "bass";
                                styles: string[];
                                languages: string[];
                                tags: string[];
                                creator: {
                                    name: string;
                                };
                                /** @description null: every plan may use this voice. */
                                plan_required: ("studio" | "enterprise") | null;
                                preview_url: string;
                                /** @description Tracks finished with this voice. */
                                usage_count: number;
                                created_at: string;
                            }[];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a voice */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "voice";
                            name: string;
                            description: string;
                            /** @enum {string} */
                            gender: "female" | "male" | "neutral";
                            /** @enum {string} */
                            range: "soprano" | "mezzo" | "alto" | "tenor" | "baritone" | "bass";
                            styles: string[];
                            languages: string[];
                            tags: string[];
                            creator: {
                                name: string;
                            };
                            /** @description null: every plan may use this voice. */
                            plan_required: ("studio" | "enterprise") | null;
                            preview_url: string;
                            /** @description Tracks finished with this voice. */
                            usage_count: number;
                            created_at: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A short audio preview of the voice (MP3, about 10 s), rendered by the engine */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign up: mail a link that creates the account (or signs in if it exists) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Your email address; case and surrounding spaces are ignored. */
                        email: string;
                        /** @description Your display name. */
                        name?: string;
                        /** @description Where the studio goes after sign-in: a relative path (/studio) or a URL on an allowed origin. */
                        redirect_to?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "sent";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/magic-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: mail a one-time sign-in link */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Your email address; case and surrounding spaces are ignored. */
                        email: string;
                        /** @description Where the studio goes after sign-in: a relative path (/studio) or a URL on an allowed origin. */
                        redirect_to?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "sent";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spend a magic-link token: returns an access token and sets the session cookie */
        get: {
            parameters: {
                query: {
                    /** @description The token from the emailed link. */
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description A JWT for Authorization: Bearer; valid for expires_in seconds. */
                            access_token: string;
                            /** @enum {string} */
                            token_type: "Bearer";
                            expires_in: number;
                            user: components["schemas"]["User"];
                            workspace: components["schemas"]["Workspace"];
                            /** @description The redirect_to given when the link was requested. */
                            redirect_to: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session: its cookie and access tokens stop working at once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller: user, workspace (plan, credits) and authentication method */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "me";
                            /** @description The signed-in user; null when an API key calls. */
                            user: components["schemas"]["User"] | null;
                            workspace: {
                                id: string;
                                /** @enum {string} */
                                object: "workspace";
                                name: string;
                                /** @enum {string} */
                                plan: "free" | "studio" | "enterprise";
                                credits: {
                                    balance: number;
                                    held: number;
                                };
                                created_at: string;
                                /** @description The workspace subscription as last reported by Stripe. */
                                subscription: {
                                    /** @description Stripe subscription status (active, past_due, canceled…); null when none. */
                                    status: string | null;
                                    /** @description Catalogue key of the subscribed plan, e.g. studio_monthly. */
                                    price: string | null;
                                    current_period_end: string | null;
                                };
                            };
                            /** @enum {string} */
                            auth_method: "api_key" | "access_token" | "session";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace’s live API keys, newest first (never their secrets) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    starting_after?: string;
                    ending_before?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: components["schemas"]["ApiKey"][];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create an API key (Studio and Enterprise); the secret is shown once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /**
                         * @description tf_live_ (default) or tf_test_ key.
                         * @default live
                         * @enum {string}
                         */
                        mode?: "live" | "test";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "api_key";
                            name: string;
                            /** @enum {string} */
                            mode: "live" | "test";
                            /** @description How the key starts, e.g. tf_live_key_01J… */
                            prefix: string;
                            last_four: string;
                            created_at: string;
                            last_used_at: string | null;
                            /** @description The full key. Shown only in this answer: store it now. */
                            secret: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key; it stops working at once */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's events (kept 30 days), newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    starting_after?: string;
                    ending_before?: string;
                    /** @description Only events of this type */
                    type?: "track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                /** @description evt_…; also the Standard Webhooks message id (webhook-id) */
                                id: string;
                                /** @enum {string} */
                                type: "track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled";
                                created_at: string;
                                data: {
                                    /** @description track.* events: the track as GET /v1/tracks/{id} shows it */
                                    track?: {
                                        [key: string]: unknown;
                                    };
                                    /** @description webhook_endpoint.disabled: the endpoint as GET /v1/webhook-endpoints/{id} shows it, without its secret */
                                    webhook_endpoint?: {
                                        [key: string]: unknown;
                                    };
                                };
                            }[];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ws/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * WebSocket of signed job events (upgrade; see API.md "Events")
         * @description Connect with a WebSocket client. Frames: first {"type":"hello","workspace_id"}, then {"type":"event","id","timestamp","signature","payload"} signed like Standard Webhooks with the workspace signing secret (GET /v1/workspace). With last_event_id, every later event of the workspace is replayed in order before live ones. Send {"type":"subscribe","track_ids":[…]} to narrow to some tracks ([] for all). The server pings every 30 s. Browsers authenticate with the session cookie from an allowed Origin.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Replay every later event of the workspace, in order, before live ones */
                    last_event_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's workspace, with the secret that signs its events */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "workspace";
                            name: string;
                            /** @enum {string} */
                            plan: "free" | "studio" | "enterprise";
                            /** @description whsec_… secret that signs WebSocket event frames and per-track webhook_url deliveries (Standard Webhooks) */
                            signing_secret: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspace/signing-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the event signing secret; the old one stops verifying new frames at once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "workspace";
                            name: string;
                            /** @enum {string} */
                            plan: "free" | "studio" | "enterprise";
                            /** @description whsec_… secret that signs WebSocket event frames and per-track webhook_url deliveries (Standard Webhooks) */
                            signing_secret: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's webhook endpoints, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    starting_after?: string;
                    ending_before?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                url: string;
                                /** @description Event types sent to this endpoint; empty = all */
                                event_types: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                                /** @description whsec_… secret that signs this endpoint's deliveries (Standard Webhooks) */
                                secret: string;
                                /** @enum {string} */
                                status: "enabled" | "disabled";
                                /** @description Why deliveries stopped, e.g. the URL answered 410 Gone */
                                disabled_reason: string | null;
                                created_at: string;
                            }[];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create an endpoint that receives signed event POSTs (its secret is in the answer) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description Public http(s) URL that receives POSTs of events
                         */
                        url: string;
                        /** @description Omit or [] for every event type */
                        event_types?: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            url: string;
                            /** @description Event types sent to this endpoint; empty = all */
                            event_types: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                            /** @description whsec_… secret that signs this endpoint's deliveries (Standard Webhooks) */
                            secret: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            /** @description Why deliveries stopped, e.g. the URL answered 410 Gone */
                            disabled_reason: string | null;
                            created_at: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook endpoint */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            url: string;
                            /** @description Event types sent to this endpoint; empty = all */
                            event_types: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                            /** @description whsec_… secret that signs this endpoint's deliveries (Standard Webhooks) */
                            secret: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            /** @description Why deliveries stopped, e.g. the URL answered 410 Gone */
                            disabled_reason: string | null;
                            created_at: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook endpoint; its queued deliveries are dropped */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a Stripe Checkout Session for a plan or a credit pack (workspace owner)
         * @description Needs a signed-in user (API keys get 403). 503 billing_not_configured when the server has no Stripe key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Catalogue item: a monthly plan or a one-off credit pack
                         * @enum {string}
                         */
                        price: "studio_monthly" | "enterprise_monthly" | "credits_100" | "credits_500";
                        /**
                         * Format: uri
                         * @description Where Stripe sends the buyer after paying; must be on an allowed origin
                         */
                        success_url: string;
                        /**
                         * Format: uri
                         * @description Where Stripe sends the buyer on cancel; must be on an allowed origin
                         */
                        cancel_url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Stripe Checkout Session id (cs_…) */
                            id: string;
                            /**
                             * Format: uri
                             * @description Redirect the buyer here
                             */
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open the Stripe customer portal for the workspace's subscription (workspace owner)
         * @description Needs a signed-in user (API keys get 403). 503 billing_not_configured when the server has no Stripe key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description Where the portal sends the user back; must be on an allowed origin
                         */
                        return_url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: uri
                             * @description Redirect the user here
                             */
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Receive a Stripe event (verified with the Stripe-Signature header) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "stripe-signature"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            received: true;
                            /** @description True when this event id was processed before (nothing was done) */
                            duplicate: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        UserInput: {
            id: string;
            /** @constant */
            object: "user";
            email: string;
            name: string | null;
            created_at: string;
        };
        WorkspaceInput: {
            id: string;
            /** @constant */
            object: "workspace";
            name: string;
            /** @enum {string} */
            plan: "free" | "studio" | "enterprise";
            credits: {
                balance: number;
                held: number;
            };
            created_at: string;
        };
        ApiKeyInput: {
            id: string;
            /** @constant */
            object: "api_key";
            name: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @description How the key starts, e.g. tf_live_key_01J… */
            prefix: string;
            last_four: string;
            created_at: string;
            last_used_at: string | null;
        };
        User: {
            id: string;
            /** @constant */
            object: "user";
            email: string;
            name: string | null;
            created_at: string;
        };
        Workspace: {
            id: string;
            /** @constant */
            object: "workspace";
            name: string;
            /** @enum {string} */
            plan: "free" | "studio" | "enterprise";
            credits: {
                balance: number;
                held: number;
            };
            created_at: string;
        };
        ApiKey: {
            id: string;
            /** @constant */
            object: "api_key";
            name: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @description How the key starts, e.g. tf_live_key_01J… */
            prefix: string;
            last_four: string;
            created_at: string;
            last_used_at: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
