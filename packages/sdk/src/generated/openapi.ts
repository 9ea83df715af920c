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
        /**
         * Liveness
         * @description The process is up.
         *
         *     **Credentials:** No credential needed.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ok"
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Readiness
         * @description Ready for traffic: database up, migrations applied, file store up, not draining. A 503 problem+json lists each failing check in `failures` ({check, detail}; check is database, migrations, storage or draining).
         *
         *     **Credentials:** No credential needed.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ready",
                         *       "database": "postgres",
                         *       "storage": "s3"
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            status: "ready";
                            /** @enum {string} */
                            database: "pglite" | "postgres";
                            /** @enum {string} */
                            storage?: "local" | "s3";
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Credit balance and ledger
         * @description The workspace's credit balance and ledger entries, newest first.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Objects per page, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: the id of an object in this same list (usually next_cursor of the previous page); the page holds older objects. An id from another list or workspace is 400. */
                    starting_after?: string;
                    /** @description Cursor: the id of an object in this same list; the page holds newer objects. Not together with starting_after. */
                    ending_before?: string;
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "object": "credits",
                         *       "balance": 99,
                         *       "held": 1,
                         *       "entries": {
                         *         "object": "list",
                         *         "data": [
                         *           {
                         *             "id": "crd_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *             "object": "credit_entry",
                         *             "kind": "hold",
                         *             "amount": -1,
                         *             "balance_after": 99,
                         *             "held_after": 1,
                         *             "track_id": "trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *             "description": "track generation",
                         *             "created_at": "2026-11-01T09:30:00.000Z"
                         *           }
                         *         ],
                         *         "has_more": false,
                         *         "next_cursor": null
                         *       }
                         *     }
                         */
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
                                    /** @description Credit entry id: crd_ followed by a 26-character ULID. */
                                    id: string;
                                    /** @enum {string} */
                                    object: "credit_entry";
                                    /** @enum {string} */
                                    kind: "grant" | "topup" | "hold" | "capture" | "release" | "refund" | "adjust";
                                    /** @description Change to the spendable balance, never 0: a hold is -1 (the track's charge), a refund +1. */
                                    amount: number;
                                    balance_after: number;
                                    held_after: number;
                                    track_id: string | null;
                                    description: string | null;
                                    /**
                                     * Format: date-time
                                     * @description When it was created (ISO 8601, UTC).
                                     */
                                    created_at: string;
                                }[];
                                has_more: boolean;
                                next_cursor: string | null;
                            };
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * List tracks
         * @description List the workspace's tracks, newest first.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Objects per page, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: the id of an object in this same list (usually next_cursor of the previous page); the page holds older objects. An id from another list or workspace is 400. */
                    starting_after?: string;
                    /** @description Cursor: the id of an object in this same list; the page holds newer objects. Not together with starting_after. */
                    ending_before?: string;
                    status?: "queued" | "generating" | "ready" | "failed";
                    visibility?: "private" | "unlisted" | "public";
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "object": "list",
                         *       "data": [
                         *         {
                         *           "id": "trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *           "object": "track",
                         *           "prompt": "mellow lofi piano with vinyl crackle",
                         *           "duration": "short",
                         *           "duration_seconds": 30,
                         *           "status": "ready",
                         *           "progress": 1,
                         *           "visibility": "private",
                         *           "title": "Mellow Lofi Piano",
                         *           "voice_id": null,
                         *           "seed": 42,
                         *           "loop": false,
                         *           "bpm": null,
                         *           "key": null,
                         *           "metadata": {
                         *             "customer": "cus_123"
                         *           },
                         *           "webhook_url": null,
                         *           "music": {
                         *             "bpm": 78,
                         *             "key": "F major",
                         *             "time_signature": "4/4",
                         *             "genre": "lofi",
                         *             "moods": [
                         *               "mellow"
                         *             ],
                         *             "instruments": [
                         *               "piano",
                         *               "drums",
                         *               "bass"
                         *             ],
                         *             "sections": [
                         *               {
                         *                 "name": "intro",
                         *                 "start": 0,
                         *                 "end": 6.2
                         *               },
                         *               {
                         *                 "name": "verse",
                         *                 "start": 6.2,
                         *                 "end": 30
                         *               }
                         *             ]
                         *           },
                         *           "audio": {
                         *             "formats": [
                         *               "mp3",
                         *               "wav",
                         *               "ogg",
                         *               "flac"
                         *             ],
                         *             "sample_rate": 44100,
                         *             "channels": 2,
                         *             "duration_seconds": 30,
                         *             "loudness_lufs": -14,
                         *             "true_peak_dbtp": -1.2
                         *           },
                         *           "urls": {
                         *             "audio": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio",
                         *             "midi": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/midi",
                         *             "stems": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/stems",
                         *             "waveform": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/waveform",
                         *             "stream": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio?stream=1",
                         *             "share": "https://api.trackforge.dev/t/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *             "cover": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/cover.svg"
                         *           },
                         *           "error": null,
                         *           "credits_charged": 1,
                         *           "inputs": {
                         *             "chords": "Am F C G",
                         *             "sections": null,
                         *             "melody": null,
                         *             "lyrics": null
                         *           },
                         *           "kind": "original",
                         *           "parent_track_id": null,
                         *           "workspace_id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *           "created_at": "2026-11-01T09:30:00.000Z",
                         *           "started_at": "2026-11-01T09:30:01.000Z",
                         *           "completed_at": "2026-11-01T09:30:09.000Z"
                         *         }
                         *       ],
                         *       "has_more": false,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                /** @description Track id: trk_ followed by a 26-character ULID. */
                                id: string;
                                /** @enum {string} */
                                object: "track";
                                /** @description The prompt as sent, trimmed. */
                                prompt: string;
                                /** @description The duration as asked for, normalised (short, 45s, 2:30…). */
                                duration: string;
                                /** @description Length of the finished track in seconds (5–600). */
                                duration_seconds: number;
                                /** @enum {string} */
                                status: "queued" | "generating" | "ready" | "failed";
                                /** @description 0 to 1 while generating; 1 when ready. */
                                progress: number;
                                /** @enum {string} */
                                visibility: "private" | "unlisted" | "public";
                                /** @description A title made from the prompt. */
                                title: string;
                                /** @description The marketplace voice (voc_…), or null for none. */
                                voice_id: string | null;
                                /** @description The seed used; the same seed and request give the same track. */
                                seed: number;
                                loop: boolean;
                                /** @description The tempo asked for in the request, or null (music.bpm is the one played). */
                                bpm: number | null;
                                key: string | null;
                                /** @description Your own key/value pairs, returned as sent. */
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
                                    /** @description The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics. */
                                    lyrics?: {
                                        /** @description The line as written (digits stay digits). */
                                        text: string;
                                        section: string;
                                        start: number;
                                        end: number;
                                        /** @description Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none. */
                                        words?: {
                                            text: string;
                                            start: number;
                                            end: number;
                                        }[];
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
                                    /** @description Cover art drawn from the track (SVG), readable by whoever may read the track. */
                                    cover: string;
                                    /** @description The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready. */
                                    lyrics?: string;
                                };
                                /** @description Why generation failed (status failed); null otherwise. */
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** @description Credits held or spent on this track (0 after a refund). */
                                credits_charged: number;
                                /** @description The musical inputs the track follows besides its prompt (`chords`, `sections`, `melody`, `lyrics` of POST /v1/tracks; for a variation or extension, those of the track it was made from); null fields were not given. */
                                inputs: {
                                    /** @description The chord progression as sent, or null. */
                                    chords: string | null;
                                    /** @description The section plan as sent, or null. */
                                    sections: {
                                        name: string;
                                        bars?: number;
                                        seconds?: number;
                                        energy?: number;
                                        prompt?: string;
                                        instruments?: string[];
                                    }[] | null;
                                    /** @description A summary of the melody read from the uploaded MIDI file, or null. The file itself is not kept; the melody taken from it is, as a MIDI file at GET /v1/tracks/{id}/melody. */
                                    melody: {
                                        /** @description Notes of the melody read from the MIDI file. */
                                        note_count: number;
                                        /** @description The file's tempo, or null when it states none. */
                                        bpm: number | null;
                                        /** @description The file's time signature, or null. */
                                        time_signature: string | null;
                                    } | null;
                                    /** @description The lyrics as sent, or null. */
                                    lyrics: string | null;
                                };
                                /**
                                 * @description How the track was made: from its prompt, or from another track by POST /v1/tracks/{id}/variations or /extend.
                                 * @enum {string}
                                 */
                                kind: "original" | "variation" | "extension";
                                /** @description The track a variation or extension was made from (it may since have been deleted); null for an original. */
                                parent_track_id: string | null;
                                /** @description Workspace id: wsp_ followed by a 26-character ULID. */
                                workspace_id: string;
                                /**
                                 * Format: date-time
                                 * @description When it was created (ISO 8601, UTC).
                                 */
                                created_at: string;
                                started_at: string | null;
                                completed_at: string | null;
                            }[];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a track
         * @description Create a track (holds 1 credit until it is ready; given back if it fails). Send `Idempotency-Key` to retry safely: the same key and body replay the first answer for 24 h (`Idempotent-Replayed: true`). `Prefer: wait=N` (N ≤ 60) holds the answer until the track is ready or failed, or N seconds pass. Musical inputs: `chords` (a progression followed exactly), `sections` (a section plan that sets the length) and `melody` (a MIDI file the lead plays: base64 in JSON, or as `multipart/form-data` with a `request` JSON part and a `melody` file part, at most 256 KB). An input the engine cannot use (unknown chord, broken MIDI, plan over 600 s) is 422 `unprocessable_input` naming the field; nothing is stored or charged then.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    prefer?: string;
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "prompt": "mellow lofi piano with vinyl crackle",
                     *       "duration": "short",
                     *       "seed": 42,
                     *       "metadata": {
                     *         "customer": "cus_123"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description What the music should sound like. */
                        prompt: string;
                        /** @description duration must be "short" (30 s), "standard" (120 s), "long" (240 s), or a length from 5 s to 600 s such as "45s" or "2:30". Required unless sections is given (a section plan sets the length). */
                        duration?: string | number;
                        /** @description A chord progression the arrangement follows exactly, looped over the track: "Am F C G" (a bar each), "Am:2 F C G" (bars after a colon), "| Dm7 G7 | Cmaj7 |" (bar lines share a bar), slash chords "C/E", or roman numerals in the key "I V vi IV". Without a key in the prompt or `key`, the key is the progression's. At most 128 chords a cycle (bars repeated with "%" count). */
                        chords?: string;
                        /** @description A section plan the track follows exactly, in order. The track lasts as long as the plan (at most 600 s); the plan wins over `duration`. */
                        sections?: {
                            /** @description The section's name, reported in music.sections; "verse", "chorus", "bridge", "drop"… also set how it is arranged. */
                            name: string;
                            /** @description Length in bars (give bars or seconds). */
                            bars?: number;
                            /** @description Length in seconds, rounded to whole bars at the track's tempo. */
                            seconds?: number;
                            /** @description 0 (calm) to 1 (full): drum layers, density, loudness. */
                            energy?: number;
                            /** @description Words for this section alone: moods set its energy, named instruments its parts ("no drums" rests them). */
                            prompt?: string;
                            /** @description The parts that play in this section (instruments such as "piano", "drums", or roles such as "lead", "chords"); the others rest. */
                            instruments?: string[];
                        }[];
                        /**
                         * Format: byte
                         * @description A Standard MIDI File (at most 256 KB, 128 tracks, 60,000 events and 20,000 notes; its melody at most 4,000 notes) whose melody the lead plays, base64-encoded; or send multipart/form-data with a `request` JSON part and a `melody` file part. The file's tempo is used unless `bpm` is given.
                         */
                        melody?: string;
                        /** @description Words to sing, one line per phrase (at most 3000 characters, 120 lines of at most 120 characters, English; numbers are sung as words), with optional section tags on their own lines: [verse], [pre-chorus], [chorus], [bridge], [outro] ([hook] and [refrain] are a chorus). A tag with no lines under it repeats the last section of that name (a chorus written once is sung again); [intro], [instrumental] and a bare [outro] mark instrumental sections. Without `sections`, the tags become the track's section plan. Sung by `voice_id` (a voice whose `vocal` is `sung`) or a singer the engine picks; rapped for hip hop and trap or a prompt that asks for rap. With `melody`, the words are laid on its notes. Lyrics that cannot fit the duration are 422 `unprocessable_input` saying how many seconds they need. */
                        lyrics?: string;
                        /** @description A marketplace voice (voc_…). A `sung` voice sings `lyrics` (or wordless vowels without them); a `wordless` or `instrumental` voice performs the lead melody and cannot take lyrics. */
                        voice_id?: string | null;
                        /** @description Same seed + same request → same track. */
                        seed?: number;
                        loop?: boolean;
                        /** @description Tempo in beats per minute, 40–240; omit to let the prompt decide. */
                        bpm?: number;
                        /** @description Musical key such as "D minor", "F# major" or "Bb dorian"; omit to let the prompt decide. */
                        key?: string;
                        /** @enum {string} */
                        visibility?: "private" | "unlisted" | "public";
                        /** Format: uri */
                        webhook_url?: string;
                        metadata?: {
                            [key: string]: string;
                        };
                    };
                    "multipart/form-data": {
                        /** @description The track request as JSON (the same fields as the JSON body, without `melody`). */
                        request: string;
                        /**
                         * Format: binary
                         * @description A Standard MIDI File of at most 256 KB whose melody the lead plays.
                         */
                        melody?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "track",
                         *       "prompt": "mellow lofi piano with vinyl crackle",
                         *       "duration": "short",
                         *       "duration_seconds": 30,
                         *       "status": "queued",
                         *       "progress": 0,
                         *       "visibility": "private",
                         *       "title": "Mellow Lofi Piano",
                         *       "voice_id": null,
                         *       "seed": 42,
                         *       "loop": false,
                         *       "bpm": null,
                         *       "key": null,
                         *       "metadata": {
                         *         "customer": "cus_123"
                         *       },
                         *       "webhook_url": null,
                         *       "music": null,
                         *       "audio": null,
                         *       "urls": {
                         *         "audio": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio",
                         *         "midi": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/midi",
                         *         "stems": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/stems",
                         *         "waveform": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/waveform",
                         *         "stream": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio?stream=1",
                         *         "share": "https://api.trackforge.dev/t/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *         "cover": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/cover.svg"
                         *       },
                         *       "error": null,
                         *       "credits_charged": 1,
                         *       "inputs": {
                         *         "chords": "Am F C G",
                         *         "sections": null,
                         *         "melody": null,
                         *         "lyrics": null
                         *       },
                         *       "kind": "original",
                         *       "parent_track_id": null,
                         *       "workspace_id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "created_at": "2026-11-01T09:30:00.000Z",
                         *       "started_at": "2026-11-01T09:30:01.000Z",
                         *       "completed_at": null
                         *     }
                         */
                        "application/json": {
                            /** @description Track id: trk_ followed by a 26-character ULID. */
                            id: string;
                            /** @enum {string} */
                            object: "track";
                            /** @description The prompt as sent, trimmed. */
                            prompt: string;
                            /** @description The duration as asked for, normalised (short, 45s, 2:30…). */
                            duration: string;
                            /** @description Length of the finished track in seconds (5–600). */
                            duration_seconds: number;
                            /** @enum {string} */
                            status: "queued" | "generating" | "ready" | "failed";
                            /** @description 0 to 1 while generating; 1 when ready. */
                            progress: number;
                            /** @enum {string} */
                            visibility: "private" | "unlisted" | "public";
                            /** @description A title made from the prompt. */
                            title: string;
                            /** @description The marketplace voice (voc_…), or null for none. */
                            voice_id: string | null;
                            /** @description The seed used; the same seed and request give the same track. */
                            seed: number;
                            loop: boolean;
                            /** @description The tempo asked for in the request, or null (music.bpm is the one played). */
                            bpm: number | null;
                            key: string | null;
                            /** @description Your own key/value pairs, returned as sent. */
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
                                /** @description The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics. */
                                lyrics?: {
                                    /** @description The line as written (digits stay digits). */
                                    text: string;
                                    section: string;
                                    start: number;
                                    end: number;
                                    /** @description Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none. */
                                    words?: {
                                        text: string;
                                        start: number;
                                        end: number;
                                    }[];
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
                                /** @description Cover art drawn from the track (SVG), readable by whoever may read the track. */
                                cover: string;
                                /** @description The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready. */
                                lyrics?: string;
                            };
                            /** @description Why generation failed (status failed); null otherwise. */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** @description Credits held or spent on this track (0 after a refund). */
                            credits_charged: number;
                            /** @description The musical inputs the track follows besides its prompt (`chords`, `sections`, `melody`, `lyrics` of POST /v1/tracks; for a variation or extension, those of the track it was made from); null fields were not given. */
                            inputs: {
                                /** @description The chord progression as sent, or null. */
                                chords: string | null;
                                /** @description The section plan as sent, or null. */
                                sections: {
                                    name: string;
                                    bars?: number;
                                    seconds?: number;
                                    energy?: number;
                                    prompt?: string;
                                    instruments?: string[];
                                }[] | null;
                                /** @description A summary of the melody read from the uploaded MIDI file, or null. The file itself is not kept; the melody taken from it is, as a MIDI file at GET /v1/tracks/{id}/melody. */
                                melody: {
                                    /** @description Notes of the melody read from the MIDI file. */
                                    note_count: number;
                                    /** @description The file's tempo, or null when it states none. */
                                    bpm: number | null;
                                    /** @description The file's time signature, or null. */
                                    time_signature: string | null;
                                } | null;
                                /** @description The lyrics as sent, or null. */
                                lyrics: string | null;
                            };
                            /**
                             * @description How the track was made: from its prompt, or from another track by POST /v1/tracks/{id}/variations or /extend.
                             * @enum {string}
                             */
                            kind: "original" | "variation" | "extension";
                            /** @description The track a variation or extension was made from (it may since have been deleted); null for an original. */
                            parent_track_id: string | null;
                            /** @description Workspace id: wsp_ followed by a 26-character ULID. */
                            workspace_id: string;
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `insufficient_credits` (Insufficient credits). */
                402: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#insufficient_credits",
                         *       "title": "Insufficient credits",
                         *       "status": 402,
                         *       "detail": "An example of insufficient_credits.",
                         *       "code": "insufficient_credits",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused), `unprocessable_input` (Unprocessable input). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
         * List public tracks
         * @description List public tracks of every workspace, newest first (no credential needed). Each track is the public representation (`object: "public_track"`).
         *
         *     **Credentials:** No credential needed.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Objects per page, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: the id of an object in this same list (usually next_cursor of the previous page); the page holds older objects. An id from another list or workspace is 400. */
                    starting_after?: string;
                    /** @description Cursor: the id of an object in this same list; the page holds newer objects. Not together with starting_after. */
                    ending_before?: string;
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "object": "list",
                         *       "data": [
                         *         {
                         *           "id": "trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *           "object": "public_track",
                         *           "title": "Mellow Lofi Piano",
                         *           "prompt": "mellow lofi piano with vinyl crackle",
                         *           "duration": "short",
                         *           "duration_seconds": 30,
                         *           "music": {
                         *             "bpm": 78,
                         *             "key": "F major",
                         *             "time_signature": "4/4",
                         *             "genre": "lofi",
                         *             "moods": [
                         *               "mellow"
                         *             ],
                         *             "instruments": [
                         *               "piano",
                         *               "drums",
                         *               "bass"
                         *             ],
                         *             "sections": [
                         *               {
                         *                 "name": "intro",
                         *                 "start": 0,
                         *                 "end": 6.2
                         *               },
                         *               {
                         *                 "name": "verse",
                         *                 "start": 6.2,
                         *                 "end": 30
                         *               }
                         *             ]
                         *           },
                         *           "audio": {
                         *             "formats": [
                         *               "mp3",
                         *               "wav",
                         *               "ogg",
                         *               "flac"
                         *             ],
                         *             "sample_rate": 44100,
                         *             "channels": 2,
                         *             "duration_seconds": 30,
                         *             "loudness_lufs": -14,
                         *             "true_peak_dbtp": -1.2
                         *           },
                         *           "urls": {
                         *             "audio": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio",
                         *             "waveform": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/waveform",
                         *             "share": "https://api.trackforge.dev/t/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *             "cover": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/cover.svg"
                         *           },
                         *           "voice_id": null,
                         *           "created_at": "2026-11-01T09:30:00.000Z"
                         *         }
                         *       ],
                         *       "has_more": false,
                         *       "next_cursor": null
                         *     }
                         */
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
                                    /** @description The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics. */
                                    lyrics?: {
                                        /** @description The line as written (digits stay digits). */
                                        text: string;
                                        section: string;
                                        start: number;
                                        end: number;
                                        /** @description Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none. */
                                        words?: {
                                            text: string;
                                            start: number;
                                            end: number;
                                        }[];
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
                                    cover: string;
                                    /** @description The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready. */
                                    lyrics?: string;
                                };
                                voice_id: string | null;
                                created_at: string;
                            }[];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
         * Get a track
         * @description Get a track (public and unlisted tracks need no credential). The track's own workspace gets the full track (`object: "track"`); anyone else reading a public or unlisted track gets the public representation (`object: "public_track"`).
         *
         *     **Credentials:** No credential needed for public and unlisted tracks; private ones need the owner’s credential.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "track",
                         *       "prompt": "mellow lofi piano with vinyl crackle",
                         *       "duration": "short",
                         *       "duration_seconds": 30,
                         *       "status": "ready",
                         *       "progress": 1,
                         *       "visibility": "private",
                         *       "title": "Mellow Lofi Piano",
                         *       "voice_id": null,
                         *       "seed": 42,
                         *       "loop": false,
                         *       "bpm": null,
                         *       "key": null,
                         *       "metadata": {
                         *         "customer": "cus_123"
                         *       },
                         *       "webhook_url": null,
                         *       "music": {
                         *         "bpm": 78,
                         *         "key": "F major",
                         *         "time_signature": "4/4",
                         *         "genre": "lofi",
                         *         "moods": [
                         *           "mellow"
                         *         ],
                         *         "instruments": [
                         *           "piano",
                         *           "drums",
                         *           "bass"
                         *         ],
                         *         "sections": [
                         *           {
                         *             "name": "intro",
                         *             "start": 0,
                         *             "end": 6.2
                         *           },
                         *           {
                         *             "name": "verse",
                         *             "start": 6.2,
                         *             "end": 30
                         *           }
                         *         ]
                         *       },
                         *       "audio": {
                         *         "formats": [
                         *           "mp3",
                         *           "wav",
                         *           "ogg",
                         *           "flac"
                         *         ],
                         *         "sample_rate": 44100,
                         *         "channels": 2,
                         *         "duration_seconds": 30,
                         *         "loudness_lufs": -14,
                         *         "true_peak_dbtp": -1.2
                         *       },
                         *       "urls": {
                         *         "audio": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio",
                         *         "midi": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/midi",
                         *         "stems": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/stems",
                         *         "waveform": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/waveform",
                         *         "stream": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio?stream=1",
                         *         "share": "https://api.trackforge.dev/t/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *         "cover": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/cover.svg"
                         *       },
                         *       "error": null,
                         *       "credits_charged": 1,
                         *       "inputs": {
                         *         "chords": "Am F C G",
                         *         "sections": null,
                         *         "melody": null,
                         *         "lyrics": null
                         *       },
                         *       "kind": "original",
                         *       "parent_track_id": null,
                         *       "workspace_id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "created_at": "2026-11-01T09:30:00.000Z",
                         *       "started_at": "2026-11-01T09:30:01.000Z",
                         *       "completed_at": "2026-11-01T09:30:09.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Track id: trk_ followed by a 26-character ULID. */
                            id: string;
                            /** @enum {string} */
                            object: "track";
                            /** @description The prompt as sent, trimmed. */
                            prompt: string;
                            /** @description The duration as asked for, normalised (short, 45s, 2:30…). */
                            duration: string;
                            /** @description Length of the finished track in seconds (5–600). */
                            duration_seconds: number;
                            /** @enum {string} */
                            status: "queued" | "generating" | "ready" | "failed";
                            /** @description 0 to 1 while generating; 1 when ready. */
                            progress: number;
                            /** @enum {string} */
                            visibility: "private" | "unlisted" | "public";
                            /** @description A title made from the prompt. */
                            title: string;
                            /** @description The marketplace voice (voc_…), or null for none. */
                            voice_id: string | null;
                            /** @description The seed used; the same seed and request give the same track. */
                            seed: number;
                            loop: boolean;
                            /** @description The tempo asked for in the request, or null (music.bpm is the one played). */
                            bpm: number | null;
                            key: string | null;
                            /** @description Your own key/value pairs, returned as sent. */
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
                                /** @description The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics. */
                                lyrics?: {
                                    /** @description The line as written (digits stay digits). */
                                    text: string;
                                    section: string;
                                    start: number;
                                    end: number;
                                    /** @description Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none. */
                                    words?: {
                                        text: string;
                                        start: number;
                                        end: number;
                                    }[];
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
                                /** @description Cover art drawn from the track (SVG), readable by whoever may read the track. */
                                cover: string;
                                /** @description The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready. */
                                lyrics?: string;
                            };
                            /** @description Why generation failed (status failed); null otherwise. */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** @description Credits held or spent on this track (0 after a refund). */
                            credits_charged: number;
                            /** @description The musical inputs the track follows besides its prompt (`chords`, `sections`, `melody`, `lyrics` of POST /v1/tracks; for a variation or extension, those of the track it was made from); null fields were not given. */
                            inputs: {
                                /** @description The chord progression as sent, or null. */
                                chords: string | null;
                                /** @description The section plan as sent, or null. */
                                sections: {
                                    name: string;
                                    bars?: number;
                                    seconds?: number;
                                    energy?: number;
                                    prompt?: string;
                                    instruments?: string[];
                                }[] | null;
                                /** @description A summary of the melody read from the uploaded MIDI file, or null. The file itself is not kept; the melody taken from it is, as a MIDI file at GET /v1/tracks/{id}/melody. */
                                melody: {
                                    /** @description Notes of the melody read from the MIDI file. */
                                    note_count: number;
                                    /** @description The file's tempo, or null when it states none. */
                                    bpm: number | null;
                                    /** @description The file's time signature, or null. */
                                    time_signature: string | null;
                                } | null;
                                /** @description The lyrics as sent, or null. */
                                lyrics: string | null;
                            };
                            /**
                             * @description How the track was made: from its prompt, or from another track by POST /v1/tracks/{id}/variations or /extend.
                             * @enum {string}
                             */
                            kind: "original" | "variation" | "extension";
                            /** @description The track a variation or extension was made from (it may since have been deleted); null for an original. */
                            parent_track_id: string | null;
                            /** @description Workspace id: wsp_ followed by a 26-character ULID. */
                            workspace_id: string;
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
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
                                /** @description The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics. */
                                lyrics?: {
                                    /** @description The line as written (digits stay digits). */
                                    text: string;
                                    section: string;
                                    start: number;
                                    end: number;
                                    /** @description Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none. */
                                    words?: {
                                        text: string;
                                        start: number;
                                        end: number;
                                    }[];
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
                                cover: string;
                                /** @description The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready. */
                                lyrics?: string;
                            };
                            voice_id: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a track
         * @description Delete a track and its files (an unfinished track gives its credit back).
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#conflict",
                         *       "title": "Conflict",
                         *       "status": 409,
                         *       "detail": "An example of conflict.",
                         *       "code": "conflict",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
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
        /**
         * Set a track's visibility
         * @description Set who can see a track: private (workspace), unlisted (anyone with the link) or public (listed).
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "visibility": "unlisted"
                     *     }
                     */
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
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "track",
                         *       "prompt": "mellow lofi piano with vinyl crackle",
                         *       "duration": "short",
                         *       "duration_seconds": 30,
                         *       "status": "ready",
                         *       "progress": 1,
                         *       "visibility": "unlisted",
                         *       "title": "Mellow Lofi Piano",
                         *       "voice_id": null,
                         *       "seed": 42,
                         *       "loop": false,
                         *       "bpm": null,
                         *       "key": null,
                         *       "metadata": {
                         *         "customer": "cus_123"
                         *       },
                         *       "webhook_url": null,
                         *       "music": {
                         *         "bpm": 78,
                         *         "key": "F major",
                         *         "time_signature": "4/4",
                         *         "genre": "lofi",
                         *         "moods": [
                         *           "mellow"
                         *         ],
                         *         "instruments": [
                         *           "piano",
                         *           "drums",
                         *           "bass"
                         *         ],
                         *         "sections": [
                         *           {
                         *             "name": "intro",
                         *             "start": 0,
                         *             "end": 6.2
                         *           },
                         *           {
                         *             "name": "verse",
                         *             "start": 6.2,
                         *             "end": 30
                         *           }
                         *         ]
                         *       },
                         *       "audio": {
                         *         "formats": [
                         *           "mp3",
                         *           "wav",
                         *           "ogg",
                         *           "flac"
                         *         ],
                         *         "sample_rate": 44100,
                         *         "channels": 2,
                         *         "duration_seconds": 30,
                         *         "loudness_lufs": -14,
                         *         "true_peak_dbtp": -1.2
                         *       },
                         *       "urls": {
                         *         "audio": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio",
                         *         "midi": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/midi",
                         *         "stems": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/stems",
                         *         "waveform": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/waveform",
                         *         "stream": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio?stream=1",
                         *         "share": "https://api.trackforge.dev/t/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *         "cover": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/cover.svg"
                         *       },
                         *       "error": null,
                         *       "credits_charged": 1,
                         *       "inputs": {
                         *         "chords": "Am F C G",
                         *         "sections": null,
                         *         "melody": null,
                         *         "lyrics": null
                         *       },
                         *       "kind": "original",
                         *       "parent_track_id": null,
                         *       "workspace_id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "created_at": "2026-11-01T09:30:00.000Z",
                         *       "started_at": "2026-11-01T09:30:01.000Z",
                         *       "completed_at": "2026-11-01T09:30:09.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Track id: trk_ followed by a 26-character ULID. */
                            id: string;
                            /** @enum {string} */
                            object: "track";
                            /** @description The prompt as sent, trimmed. */
                            prompt: string;
                            /** @description The duration as asked for, normalised (short, 45s, 2:30…). */
                            duration: string;
                            /** @description Length of the finished track in seconds (5–600). */
                            duration_seconds: number;
                            /** @enum {string} */
                            status: "queued" | "generating" | "ready" | "failed";
                            /** @description 0 to 1 while generating; 1 when ready. */
                            progress: number;
                            /** @enum {string} */
                            visibility: "private" | "unlisted" | "public";
                            /** @description A title made from the prompt. */
                            title: string;
                            /** @description The marketplace voice (voc_…), or null for none. */
                            voice_id: string | null;
                            /** @description The seed used; the same seed and request give the same track. */
                            seed: number;
                            loop: boolean;
                            /** @description The tempo asked for in the request, or null (music.bpm is the one played). */
                            bpm: number | null;
                            key: string | null;
                            /** @description Your own key/value pairs, returned as sent. */
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
                                /** @description The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics. */
                                lyrics?: {
                                    /** @description The line as written (digits stay digits). */
                                    text: string;
                                    section: string;
                                    start: number;
                                    end: number;
                                    /** @description Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none. */
                                    words?: {
                                        text: string;
                                        start: number;
                                        end: number;
                                    }[];
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
                                /** @description Cover art drawn from the track (SVG), readable by whoever may read the track. */
                                cover: string;
                                /** @description The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready. */
                                lyrics?: string;
                            };
                            /** @description Why generation failed (status failed); null otherwise. */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** @description Credits held or spent on this track (0 after a refund). */
                            credits_charged: number;
                            /** @description The musical inputs the track follows besides its prompt (`chords`, `sections`, `melody`, `lyrics` of POST /v1/tracks; for a variation or extension, those of the track it was made from); null fields were not given. */
                            inputs: {
                                /** @description The chord progression as sent, or null. */
                                chords: string | null;
                                /** @description The section plan as sent, or null. */
                                sections: {
                                    name: string;
                                    bars?: number;
                                    seconds?: number;
                                    energy?: number;
                                    prompt?: string;
                                    instruments?: string[];
                                }[] | null;
                                /** @description A summary of the melody read from the uploaded MIDI file, or null. The file itself is not kept; the melody taken from it is, as a MIDI file at GET /v1/tracks/{id}/melody. */
                                melody: {
                                    /** @description Notes of the melody read from the MIDI file. */
                                    note_count: number;
                                    /** @description The file's tempo, or null when it states none. */
                                    bpm: number | null;
                                    /** @description The file's time signature, or null. */
                                    time_signature: string | null;
                                } | null;
                                /** @description The lyrics as sent, or null. */
                                lyrics: string | null;
                            };
                            /**
                             * @description How the track was made: from its prompt, or from another track by POST /v1/tracks/{id}/variations or /extend.
                             * @enum {string}
                             */
                            kind: "original" | "variation" | "extension";
                            /** @description The track a variation or extension was made from (it may since have been deleted); null for an original. */
                            parent_track_id: string | null;
                            /** @description Workspace id: wsp_ followed by a 26-character ULID. */
                            workspace_id: string;
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
         * Download the audio
         * @description Download the audio (mp3, wav, ogg or flac); supports Range (206) and ETag. FLAC is the track's stored master (16-bit); WAV and OGG are made from it on their first download (for 120 s, under a second for WAV and a few seconds for OGG) and kept for 7 days, made again after that, so every format is the audio the track was made with. A track made before masters were stored (2026-11-29) has its WAV, OGG and FLAC rendered again from its request instead. With `?stream=1` (mp3) on a track that is still queued or generating, the answer is a progressive MP3 that grows as the track renders and ends when it is ready, so a player can start at once.
         *
         *     **Credentials:** No credential needed for public and unlisted tracks; private ones need the owner’s credential.
         */
        get: {
            parameters: {
                query?: {
                    format?: "mp3" | "wav" | "ogg" | "flac";
                    stream?: "0" | "1" | "true" | "false";
                    download?: "0" | "1" | "true" | "false";
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The whole file. */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "audio/mpeg": string;
                        "audio/wav": string;
                        "audio/ogg": string;
                        "audio/flac": string;
                    };
                };
                /** @description The byte range asked for with Range. */
                206: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "audio/mpeg": string;
                        "audio/wav": string;
                        "audio/ogg": string;
                        "audio/flac": string;
                    };
                };
                /** @description Not modified: If-None-Match matched the current ETag. */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#conflict",
                         *       "title": "Conflict",
                         *       "status": 409,
                         *       "detail": "An example of conflict.",
                         *       "code": "conflict",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `range_not_satisfiable` (Range not satisfiable). */
                416: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#range_not_satisfiable",
                         *       "title": "Range not satisfiable",
                         *       "status": 416,
                         *       "detail": "An example of range_not_satisfiable.",
                         *       "code": "range_not_satisfiable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/tracks/{id}/midi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the MIDI
         * @description Download the arrangement as a Standard MIDI File.
         *
         *     **Credentials:** No credential needed for public and unlisted tracks; private ones need the owner’s credential.
         */
        get: {
            parameters: {
                query?: {
                    download?: "0" | "1" | "true" | "false";
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The whole file. */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "audio/midi": string;
                    };
                };
                /** @description The byte range asked for with Range. */
                206: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "audio/midi": string;
                    };
                };
                /** @description Not modified: If-None-Match matched the current ETag. */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#conflict",
                         *       "title": "Conflict",
                         *       "status": 409,
                         *       "detail": "An example of conflict.",
                         *       "code": "conflict",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `range_not_satisfiable` (Range not satisfiable). */
                416: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#range_not_satisfiable",
                         *       "title": "Range not satisfiable",
                         *       "status": 416,
                         *       "detail": "An example of range_not_satisfiable.",
                         *       "code": "range_not_satisfiable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/tracks/{id}/stems": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the stems
         * @description Download a zip of per-instrument FLAC stems, rendered again from the track's request on the first download and kept after that. They are sent only when that render reproduces the track's stored master: a track the engine now renders differently (it was made by an earlier version) answers 422 `unprocessable_track`.
         *
         *     **Credentials:** No credential needed for public and unlisted tracks; private ones need the owner’s credential.
         */
        get: {
            parameters: {
                query?: {
                    download?: "0" | "1" | "true" | "false";
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The whole file. */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": string;
                    };
                };
                /** @description The byte range asked for with Range. */
                206: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": string;
                    };
                };
                /** @description Not modified: If-None-Match matched the current ETag. */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#conflict",
                         *       "title": "Conflict",
                         *       "status": 409,
                         *       "detail": "An example of conflict.",
                         *       "code": "conflict",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `range_not_satisfiable` (Range not satisfiable). */
                416: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#range_not_satisfiable",
                         *       "title": "Range not satisfiable",
                         *       "status": 416,
                         *       "detail": "An example of range_not_satisfiable.",
                         *       "code": "range_not_satisfiable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unprocessable_track` (Unprocessable for this track). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unprocessable_track",
                         *       "title": "Unprocessable for this track",
                         *       "status": 422,
                         *       "detail": "An example of unprocessable_track.",
                         *       "code": "unprocessable_track",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/tracks/{id}/lyrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the timed lyrics
         * @description A sung track's lines with their times, as the files players and editors read: `lrc` (each line's start; an empty time tag clears the display after a line followed by a gap), `vtt` (WebVTT: a cue per line, a `NOTE` naming each section, and a timestamp tag before each written word after the first; `24/7`, sung as three words, takes the first one's time) or `srt` (SubRip). The times are `music.lyrics`'. 404 for a track made without `lyrics`, 409 until it is ready.
         *
         *     **Credentials:** No credential needed for public and unlisted tracks; private ones need the owner’s credential.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `lrc` (music players and karaoke apps; the default), `vtt` (WebVTT for the web's `<track>`, with each word's time) or `srt` (SubRip, for video editors). */
                    format?: "lrc" | "vtt" | "srt";
                    download?: "0" | "1" | "true" | "false";
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The whole file. */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                        "text/vtt": string;
                        "application/x-subrip": string;
                    };
                };
                /** @description The byte range asked for with Range. */
                206: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                        "text/vtt": string;
                        "application/x-subrip": string;
                    };
                };
                /** @description Not modified: If-None-Match matched the current ETag. */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#conflict",
                         *       "title": "Conflict",
                         *       "status": 409,
                         *       "detail": "An example of conflict.",
                         *       "code": "conflict",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `range_not_satisfiable` (Range not satisfiable). */
                416: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#range_not_satisfiable",
                         *       "title": "Range not satisfiable",
                         *       "status": 416,
                         *       "detail": "An example of range_not_satisfiable.",
                         *       "code": "range_not_satisfiable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/tracks/{id}/melody": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the melody it follows
         * @description The melody a track follows, as a Standard MIDI File (format 0): the notes taken from the `melody` file it was made with (a variation's or extension's: the original's), so it can be sent again to make the track again with the same melody. The track's own workspace only; 404 when the track was made without a melody.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The melody as a MIDI file. */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "audio/midi": string;
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/tracks/{id}/cover.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the cover art
         * @description Cover art drawn from the track (SVG, 600 × 600; public and unlisted tracks need no credential). Deterministic and made on this server: the key picks the colours, the tempo the rings, the genre the motif and the waveform the bars, so the same music always gives the same image. Before the track is ready it is drawn from the prompt and changes once the music exists. Answers carry an ETag (send If-None-Match for 304).
         *
         *     **Credentials:** No credential needed for public and unlisted tracks; private ones need the owner’s credential.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The cover art, 600 × 600. */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "image/svg+xml": string;
                    };
                };
                /** @description Not modified: If-None-Match matched the current ETag. */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/tracks/{id}/waveform": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the waveform
         * @description Waveform peaks for drawing the track (min/max pairs per bucket).
         *
         *     **Credentials:** No credential needed for public and unlisted tracks; private ones need the owner’s credential.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "object": "waveform",
                         *       "samples_per_peak": 441,
                         *       "sample_rate": 44100,
                         *       "peaks": [
                         *         -0.42,
                         *         0.51,
                         *         -0.38,
                         *         0.47
                         *       ]
                         *     }
                         */
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
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#conflict",
                         *       "title": "Conflict",
                         *       "status": 409,
                         *       "detail": "An example of conflict.",
                         *       "code": "conflict",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/tracks/{id}/variations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a variation
         * @description Make a variation of a ready track: same brief, new seed, the kept parts unchanged (1 credit). A new track (`kind: "variation"`, `parent_track_id`) with the original's prompt, duration, tempo, key, instruments and form. The parts named in `keep` are the original's, note for note; the others are written again from `seed`. 422 `unprocessable_track` when the original is not ready; 400 `validation_failed` when `keep` names an unknown part (the message lists the parts). Answers like POST /v1/tracks: 201 and a queued track; `Idempotency-Key` and `Prefer: wait=N` work as there. The original is rendered again from its request: after an engine update that changed how it sounds, the extension starts with the original as the engine renders it now.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    prefer?: string;
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "keep": [
                     *         "drums",
                     *         "bass"
                     *       ],
                     *       "seed": 7
                     *     }
                     */
                    "application/json": {
                        /** @description Parts to keep exactly as they are in the original (note for note, and sample for sample in their stems): any of drums, percussion, bass, chords, pad, arp, lead, counter. Every other part is written again from the new seed. Keeping any part but the drums keeps the chord progression too. [] keeps nothing. */
                        keep: ("drums" | "percussion" | "bass" | "chords" | "pad" | "arp" | "lead" | "counter")[];
                        /** @description Seed of the parts written again; omit for a random one (never the original’s). */
                        seed?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "trk_01JD5Z9A0B1C2D3E4F5G6H7J8K",
                         *       "object": "track",
                         *       "prompt": "mellow lofi piano with vinyl crackle",
                         *       "duration": "short",
                         *       "duration_seconds": 30,
                         *       "status": "queued",
                         *       "progress": 0,
                         *       "visibility": "private",
                         *       "title": "Mellow Lofi Piano",
                         *       "voice_id": null,
                         *       "seed": 7,
                         *       "loop": false,
                         *       "bpm": null,
                         *       "key": null,
                         *       "metadata": {
                         *         "customer": "cus_123"
                         *       },
                         *       "webhook_url": null,
                         *       "music": null,
                         *       "audio": null,
                         *       "urls": {
                         *         "audio": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio",
                         *         "midi": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/midi",
                         *         "stems": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/stems",
                         *         "waveform": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/waveform",
                         *         "stream": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio?stream=1",
                         *         "share": "https://api.trackforge.dev/t/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *         "cover": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/cover.svg"
                         *       },
                         *       "error": null,
                         *       "credits_charged": 0,
                         *       "inputs": {
                         *         "chords": "Am F C G",
                         *         "sections": null,
                         *         "melody": null,
                         *         "lyrics": null
                         *       },
                         *       "kind": "variation",
                         *       "parent_track_id": "trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "workspace_id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "created_at": "2026-11-01T09:30:00.000Z",
                         *       "started_at": null,
                         *       "completed_at": null
                         *     }
                         */
                        "application/json": {
                            /** @description Track id: trk_ followed by a 26-character ULID. */
                            id: string;
                            /** @enum {string} */
                            object: "track";
                            /** @description The prompt as sent, trimmed. */
                            prompt: string;
                            /** @description The duration as asked for, normalised (short, 45s, 2:30…). */
                            duration: string;
                            /** @description Length of the finished track in seconds (5–600). */
                            duration_seconds: number;
                            /** @enum {string} */
                            status: "queued" | "generating" | "ready" | "failed";
                            /** @description 0 to 1 while generating; 1 when ready. */
                            progress: number;
                            /** @enum {string} */
                            visibility: "private" | "unlisted" | "public";
                            /** @description A title made from the prompt. */
                            title: string;
                            /** @description The marketplace voice (voc_…), or null for none. */
                            voice_id: string | null;
                            /** @description The seed used; the same seed and request give the same track. */
                            seed: number;
                            loop: boolean;
                            /** @description The tempo asked for in the request, or null (music.bpm is the one played). */
                            bpm: number | null;
                            key: string | null;
                            /** @description Your own key/value pairs, returned as sent. */
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
                                /** @description The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics. */
                                lyrics?: {
                                    /** @description The line as written (digits stay digits). */
                                    text: string;
                                    section: string;
                                    start: number;
                                    end: number;
                                    /** @description Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none. */
                                    words?: {
                                        text: string;
                                        start: number;
                                        end: number;
                                    }[];
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
                                /** @description Cover art drawn from the track (SVG), readable by whoever may read the track. */
                                cover: string;
                                /** @description The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready. */
                                lyrics?: string;
                            };
                            /** @description Why generation failed (status failed); null otherwise. */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** @description Credits held or spent on this track (0 after a refund). */
                            credits_charged: number;
                            /** @description The musical inputs the track follows besides its prompt (`chords`, `sections`, `melody`, `lyrics` of POST /v1/tracks; for a variation or extension, those of the track it was made from); null fields were not given. */
                            inputs: {
                                /** @description The chord progression as sent, or null. */
                                chords: string | null;
                                /** @description The section plan as sent, or null. */
                                sections: {
                                    name: string;
                                    bars?: number;
                                    seconds?: number;
                                    energy?: number;
                                    prompt?: string;
                                    instruments?: string[];
                                }[] | null;
                                /** @description A summary of the melody read from the uploaded MIDI file, or null. The file itself is not kept; the melody taken from it is, as a MIDI file at GET /v1/tracks/{id}/melody. */
                                melody: {
                                    /** @description Notes of the melody read from the MIDI file. */
                                    note_count: number;
                                    /** @description The file's tempo, or null when it states none. */
                                    bpm: number | null;
                                    /** @description The file's time signature, or null. */
                                    time_signature: string | null;
                                } | null;
                                /** @description The lyrics as sent, or null. */
                                lyrics: string | null;
                            };
                            /**
                             * @description How the track was made: from its prompt, or from another track by POST /v1/tracks/{id}/variations or /extend.
                             * @enum {string}
                             */
                            kind: "original" | "variation" | "extension";
                            /** @description The track a variation or extension was made from (it may since have been deleted); null for an original. */
                            parent_track_id: string | null;
                            /** @description Workspace id: wsp_ followed by a 26-character ULID. */
                            workspace_id: string;
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `insufficient_credits` (Insufficient credits). */
                402: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#insufficient_credits",
                         *       "title": "Insufficient credits",
                         *       "status": 402,
                         *       "detail": "An example of insufficient_credits.",
                         *       "code": "insufficient_credits",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused), `unprocessable_track` (Unprocessable for this track). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/tracks/{id}/extend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extend a track
         * @description Extend a ready track by N seconds or a section plan: it starts with the original, bit for bit (1 credit). A new track (`kind: "extension"`, `parent_track_id`) that plays the original up to its ending (its last section) sample for sample, then continues in the same style, key and tempo: for `seconds`, in the original's form (a chord progression keeps cycling; a track made from a section plan goes on in its last section's name, energy and instruments) and ends in its own time; for `sections`, through that plan. Give one of the two. 422 `unprocessable_track` when the original is not ready, is a loop, or `seconds` would pass 600 s; 422 `unprocessable_input` naming the field (`sections[1].instruments[0]`, `sections`) for a plan the engine cannot follow, one that would pass 600 s in all, or one no longer than the ending it replaces. Answers like POST /v1/tracks: 201 and a queued track; `Idempotency-Key` and `Prefer: wait=N` work as there.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    prefer?: string;
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path: {
                    /**
                     * @description A track id (trk_…).
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "seconds": 60
                     *     }
                     */
                    "application/json": {
                        /** @description Seconds to add (give seconds or sections). The new track lasts the original's length plus these (at most 600 s in all); the continuation goes on in the original's form (a progression keeps cycling, a section plan's last section goes on). */
                        seconds?: number;
                        /** @description A section plan for the continuation (give seconds or sections), shaped like POST /v1/tracks `sections`: it starts where the original's ending began (the ending gives way to it), and the new track lasts the original up to there plus the plan (at most 600 s in all). */
                        sections?: {
                            /** @description The section's name, reported in music.sections; "verse", "chorus", "bridge", "drop"… also set how it is arranged. */
                            name: string;
                            /** @description Length in bars (give bars or seconds). */
                            bars?: number;
                            /** @description Length in seconds, rounded to whole bars at the track's tempo. */
                            seconds?: number;
                            /** @description 0 (calm) to 1 (full): drum layers, density, loudness. */
                            energy?: number;
                            /** @description Words for this section alone: moods set its energy, named instruments its parts ("no drums" rests them). */
                            prompt?: string;
                            /** @description The parts that play in this section (instruments such as "piano", "drums", or roles such as "lead", "chords"); the others rest. */
                            instruments?: string[];
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "trk_01JD5Z9A0B1C2D3E4F5G6H7J8M",
                         *       "object": "track",
                         *       "prompt": "mellow lofi piano with vinyl crackle",
                         *       "duration": "90s",
                         *       "duration_seconds": 90,
                         *       "status": "queued",
                         *       "progress": 0,
                         *       "visibility": "private",
                         *       "title": "Mellow Lofi Piano",
                         *       "voice_id": null,
                         *       "seed": 42,
                         *       "loop": false,
                         *       "bpm": null,
                         *       "key": null,
                         *       "metadata": {
                         *         "customer": "cus_123"
                         *       },
                         *       "webhook_url": null,
                         *       "music": null,
                         *       "audio": null,
                         *       "urls": {
                         *         "audio": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio",
                         *         "midi": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/midi",
                         *         "stems": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/stems",
                         *         "waveform": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/waveform",
                         *         "stream": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/audio?stream=1",
                         *         "share": "https://api.trackforge.dev/t/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *         "cover": "https://api.trackforge.dev/v1/tracks/trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z/cover.svg"
                         *       },
                         *       "error": null,
                         *       "credits_charged": 0,
                         *       "inputs": {
                         *         "chords": "Am F C G",
                         *         "sections": null,
                         *         "melody": null,
                         *         "lyrics": null
                         *       },
                         *       "kind": "extension",
                         *       "parent_track_id": "trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "workspace_id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "created_at": "2026-11-01T09:30:00.000Z",
                         *       "started_at": null,
                         *       "completed_at": null
                         *     }
                         */
                        "application/json": {
                            /** @description Track id: trk_ followed by a 26-character ULID. */
                            id: string;
                            /** @enum {string} */
                            object: "track";
                            /** @description The prompt as sent, trimmed. */
                            prompt: string;
                            /** @description The duration as asked for, normalised (short, 45s, 2:30…). */
                            duration: string;
                            /** @description Length of the finished track in seconds (5–600). */
                            duration_seconds: number;
                            /** @enum {string} */
                            status: "queued" | "generating" | "ready" | "failed";
                            /** @description 0 to 1 while generating; 1 when ready. */
                            progress: number;
                            /** @enum {string} */
                            visibility: "private" | "unlisted" | "public";
                            /** @description A title made from the prompt. */
                            title: string;
                            /** @description The marketplace voice (voc_…), or null for none. */
                            voice_id: string | null;
                            /** @description The seed used; the same seed and request give the same track. */
                            seed: number;
                            loop: boolean;
                            /** @description The tempo asked for in the request, or null (music.bpm is the one played). */
                            bpm: number | null;
                            key: string | null;
                            /** @description Your own key/value pairs, returned as sent. */
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
                                /** @description The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics. */
                                lyrics?: {
                                    /** @description The line as written (digits stay digits). */
                                    text: string;
                                    section: string;
                                    start: number;
                                    end: number;
                                    /** @description Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none. */
                                    words?: {
                                        text: string;
                                        start: number;
                                        end: number;
                                    }[];
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
                                /** @description Cover art drawn from the track (SVG), readable by whoever may read the track. */
                                cover: string;
                                /** @description The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready. */
                                lyrics?: string;
                            };
                            /** @description Why generation failed (status failed); null otherwise. */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** @description Credits held or spent on this track (0 after a refund). */
                            credits_charged: number;
                            /** @description The musical inputs the track follows besides its prompt (`chords`, `sections`, `melody`, `lyrics` of POST /v1/tracks; for a variation or extension, those of the track it was made from); null fields were not given. */
                            inputs: {
                                /** @description The chord progression as sent, or null. */
                                chords: string | null;
                                /** @description The section plan as sent, or null. */
                                sections: {
                                    name: string;
                                    bars?: number;
                                    seconds?: number;
                                    energy?: number;
                                    prompt?: string;
                                    instruments?: string[];
                                }[] | null;
                                /** @description A summary of the melody read from the uploaded MIDI file, or null. The file itself is not kept; the melody taken from it is, as a MIDI file at GET /v1/tracks/{id}/melody. */
                                melody: {
                                    /** @description Notes of the melody read from the MIDI file. */
                                    note_count: number;
                                    /** @description The file's tempo, or null when it states none. */
                                    bpm: number | null;
                                    /** @description The file's time signature, or null. */
                                    time_signature: string | null;
                                } | null;
                                /** @description The lyrics as sent, or null. */
                                lyrics: string | null;
                            };
                            /**
                             * @description How the track was made: from its prompt, or from another track by POST /v1/tracks/{id}/variations or /extend.
                             * @enum {string}
                             */
                            kind: "original" | "variation" | "extension";
                            /** @description The track a variation or extension was made from (it may since have been deleted); null for an original. */
                            parent_track_id: string | null;
                            /** @description Workspace id: wsp_ followed by a 26-character ULID. */
                            workspace_id: string;
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `insufficient_credits` (Insufficient credits). */
                402: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#insufficient_credits",
                         *       "title": "Insufficient credits",
                         *       "status": 402,
                         *       "detail": "An example of insufficient_credits.",
                         *       "code": "insufficient_credits",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused), `unprocessable_track` (Unprocessable for this track), `unprocessable_input` (Unprocessable input). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List voices
         * @description Browse and search the voice marketplace.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Full-text search over name, description, styles and tags; each word matches as a prefix. */
                    q?: string;
                    gender?: "female" | "male" | "neutral";
                    range?: "soprano" | "mezzo" | "alto" | "tenor" | "baritone" | "bass";
                    style?: "pop" | "soul" | "rnb" | "jazz" | "gospel" | "choir" | "operatic" | "folk" | "country" | "rock" | "blues" | "electronic" | "robotic" | "synthwave" | "airy" | "breathy" | "cinematic" | "ambient" | "lofi" | "latin" | "afrobeat" | "celtic" | "chant";
                    /** @description Only voices that sing lyrics in this language (a two-letter code such as `en`; see `languages`). */
                    language?: string;
                    /** @description popular (most used first), newest, or name (A→Z); ties are ordered by id. */
                    sort?: "popular" | "newest" | "name";
                    /** @description Objects per page, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: the id of an object in this same list (usually next_cursor of the previous page); the page holds older objects. An id from another list or workspace is 400. */
                    starting_after?: string;
                    /** @description Cursor: the id of an object in this same list; the page holds newer objects. Not together with starting_after. */
                    ending_before?: string;
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "object": "list",
                         *       "data": [
                         *         {
                         *           "id": "voc_01JNB4RQ80DK7GPSZDDWG7A222",
                         *           "object": "voice",
                         *           "name": "Amara Gold",
                         *           "description": "A honeyed soul soprano with a slow, warm vibrato.",
                         *           "gender": "female",
                         *           "range": "soprano",
                         *           "styles": [
                         *             "soul",
                         *             "gospel",
                         *             "pop"
                         *           ],
                         *           "vocal": "wordless",
                         *           "timbre": "voice oohs",
                         *           "languages": [],
                         *           "tags": [
                         *             "bright"
                         *           ],
                         *           "creator": {
                         *             "name": "Trackforge"
                         *           },
                         *           "plan_required": null,
                         *           "preview_url": "https://api.trackforge.dev/v1/voices/voc_01JNB4RQ80DK7GPSZDDWG7A222/preview",
                         *           "usage_count": 12,
                         *           "created_at": "2026-11-01T09:30:00.000Z"
                         *         }
                         *       ],
                         *       "has_more": false,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                /** @description Voice id: voc_ followed by a 26-character ULID. */
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
                                /**
                                 * @description What the engine renders: sung (the engine's singing voice sings a track's lyrics in `languages`, or the lead melody on vowels without them), wordless (a General MIDI vocal sound — choir aahs, voice oohs, synth voice — plays the lead melody on vowels; it takes no lyrics) or instrumental (an instrument plays the lead in this voice's range and phrasing; no lyrics).
                                 * @enum {string}
                                 */
                                vocal: "sung" | "wordless" | "instrumental";
                                /** @description The sound that carries the voice, e.g. "choir aahs" or "flute". */
                                timbre: string;
                                /** @description Languages the voice sings lyrics in (e.g. `["en"]` for a sung voice); empty for wordless and instrumental voices. */
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
                                /**
                                 * Format: date-time
                                 * @description When it was created (ISO 8601, UTC).
                                 */
                                created_at: string;
                            }[];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Get a voice
         * @description Retrieve a voice.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A voice id (voc_…).
                     * @example voc_01JNB4RQ80DK7GPSZDDWG7A222
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "voc_01JNB4RQ80DK7GPSZDDWG7A222",
                         *       "object": "voice",
                         *       "name": "Amara Gold",
                         *       "description": "A honeyed soul soprano with a slow, warm vibrato.",
                         *       "gender": "female",
                         *       "range": "soprano",
                         *       "styles": [
                         *         "soul",
                         *         "gospel",
                         *         "pop"
                         *       ],
                         *       "vocal": "wordless",
                         *       "timbre": "voice oohs",
                         *       "languages": [],
                         *       "tags": [
                         *         "bright"
                         *       ],
                         *       "creator": {
                         *         "name": "Trackforge"
                         *       },
                         *       "plan_required": null,
                         *       "preview_url": "https://api.trackforge.dev/v1/voices/voc_01JNB4RQ80DK7GPSZDDWG7A222/preview",
                         *       "usage_count": 12,
                         *       "created_at": "2026-11-01T09:30:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Voice id: voc_ followed by a 26-character ULID. */
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
                            /**
                             * @description What the engine renders: sung (the engine's singing voice sings a track's lyrics in `languages`, or the lead melody on vowels without them), wordless (a General MIDI vocal sound — choir aahs, voice oohs, synth voice — plays the lead melody on vowels; it takes no lyrics) or instrumental (an instrument plays the lead in this voice's range and phrasing; no lyrics).
                             * @enum {string}
                             */
                            vocal: "sung" | "wordless" | "instrumental";
                            /** @description The sound that carries the voice, e.g. "choir aahs" or "flute". */
                            timbre: string;
                            /** @description Languages the voice sings lyrics in (e.g. `["en"]` for a sung voice); empty for wordless and instrumental voices. */
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
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
                            created_at: string;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Preview a voice
         * @description A short audio preview of the voice (MP3, about 10 s), rendered by the engine.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description A voice id (voc_…).
                     * @example voc_01JNB4RQ80DK7GPSZDDWG7A222
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description About 10 s of MP3. */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "audio/mpeg": string;
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up
         * @description Sign up: mail a link that creates the account (or signs in if it exists).
         *
         *     **Credentials:** No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com",
                     *       "name": "Ada",
                     *       "redirect_to": "/studio"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: email
                         * @description Your email address; case and surrounding spaces are ignored.
                         */
                        email: string;
                        /** @description Your display name. */
                        name?: string;
                        /** @description Where the studio's sign-in page continues after the link is verified: a path on this site such as /studio/tracks (absolute URLs are refused). */
                        redirect_to?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "sent"
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            status: "sent";
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Sign in
         * @description Sign in: mail a one-time sign-in link.
         *
         *     **Credentials:** No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: email
                         * @description Your email address; case and surrounding spaces are ignored.
                         */
                        email: string;
                        /** @description Where the studio's sign-in page continues after the link is verified: a path on this site such as /studio/tracks (absolute URLs are refused). */
                        redirect_to?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "sent"
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            status: "sent";
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Verify a sign-in link
         * @description Spend a magic-link token: returns an access token and sets the session cookie.
         *
         *     **Credentials:** No credential needed.
         */
        get: {
            parameters: {
                query: {
                    /**
                     * @description The token from the emailed link.
                     * @example lnk_5f2c1e9a7b3d4c8e
                     */
                    token: string;
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "access_token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMDEifQ.c2lnbmF0dXJl",
                         *       "token_type": "Bearer",
                         *       "expires_in": 900,
                         *       "user": {
                         *         "id": "usr_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *         "object": "user",
                         *         "email": "ada@example.com",
                         *         "name": "Ada",
                         *         "created_at": "2026-11-01T09:30:00.000Z"
                         *       },
                         *       "workspace": {
                         *         "id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *         "object": "workspace",
                         *         "name": "Ada's workspace",
                         *         "plan": "studio",
                         *         "credits": {
                         *           "balance": 99,
                         *           "held": 1
                         *         },
                         *         "created_at": "2026-11-01T09:30:00.000Z"
                         *       },
                         *       "redirect_to": "/studio"
                         *     }
                         */
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
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed), `invalid_token` (Invalid or expired token). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Sign out
         * @description End the session: its cookie and access tokens stop working at once.
         *
         *     **Credentials:** Needs a signed-in user (access token or session cookie); API keys get 403 forbidden.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out */
                204: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the caller
         * @description The caller: user, workspace (plan, credits) and authentication method.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "object": "me",
                         *       "user": {
                         *         "id": "usr_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *         "object": "user",
                         *         "email": "ada@example.com",
                         *         "name": "Ada",
                         *         "created_at": "2026-11-01T09:30:00.000Z"
                         *       },
                         *       "workspace": {
                         *         "id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *         "object": "workspace",
                         *         "name": "Ada's workspace",
                         *         "plan": "studio",
                         *         "credits": {
                         *           "balance": 99,
                         *           "held": 1
                         *         },
                         *         "created_at": "2026-11-01T09:30:00.000Z",
                         *         "subscription": {
                         *           "status": "active",
                         *           "price": "studio_monthly",
                         *           "current_period_end": "2026-12-01T00:00:00Z"
                         *         }
                         *       },
                         *       "auth_method": "session"
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            object: "me";
                            /** @description The signed-in user; null when an API key calls. */
                            user: components["schemas"]["User"] | null;
                            workspace: {
                                /** @description Workspace id: wsp_ followed by a 26-character ULID. */
                                id: string;
                                /** @enum {string} */
                                object: "workspace";
                                name: string;
                                /** @enum {string} */
                                plan: "free" | "studio" | "enterprise";
                                /** @description Spendable credits and credits held by tracks being generated. */
                                credits: {
                                    balance: number;
                                    held: number;
                                };
                                /**
                                 * Format: date-time
                                 * @description When it was created (ISO 8601, UTC).
                                 */
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
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * List API keys
         * @description List the workspace’s live API keys, newest first (never their secrets).
         *
         *     **Credentials:** Needs a signed-in user (access token or session cookie); API keys get 403 forbidden.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Objects per page, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: the id of an object in this same list (usually next_cursor of the previous page); the page holds older objects. An id from another list or workspace is 400. */
                    starting_after?: string;
                    /** @description Cursor: the id of an object in this same list; the page holds newer objects. Not together with starting_after. */
                    ending_before?: string;
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "object": "list",
                         *       "data": [
                         *         {
                         *           "id": "key_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *           "object": "api_key",
                         *           "name": "production server",
                         *           "mode": "live",
                         *           "prefix": "tf_live_key_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *           "last_four": "x9Qa",
                         *           "created_at": "2026-11-01T09:30:00.000Z",
                         *           "last_used_at": null
                         *         }
                         *       ],
                         *       "has_more": false,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: components["schemas"]["ApiKey"][];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key
         * @description Create an API key (Studio and Enterprise); the secret is shown once. A workspace holds at most its plan's number of live keys (Studio 20, Enterprise 100); past it the answer is 409 `plan_limit_reached`: revoke a key you no longer use (`DELETE /v1/api-keys/{id}`) or upgrade the plan. All of a workspace's keys share one request budget (see the `RateLimit` headers).
         *
         *     **Credentials:** Needs a signed-in user (access token or session cookie); API keys get 403 forbidden.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "production server",
                     *       "mode": "live"
                     *     }
                     */
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
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "key_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "api_key",
                         *       "name": "production server",
                         *       "mode": "live",
                         *       "prefix": "tf_live_key_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "last_four": "x9Qa",
                         *       "created_at": "2026-11-01T09:30:00.000Z",
                         *       "last_used_at": null,
                         *       "secret": "tf_live_key_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z_s3cr3tS3cr3tS3cr3tx9Qa"
                         *     }
                         */
                        "application/json": {
                            /** @description API key id: key_ followed by a 26-character ULID. */
                            id: string;
                            /** @enum {string} */
                            object: "api_key";
                            name: string;
                            /** @enum {string} */
                            mode: "live" | "test";
                            /** @description How the key starts, e.g. tf_live_key_01J… */
                            prefix: string;
                            last_four: string;
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
                            created_at: string;
                            last_used_at: string | null;
                            /** @description The full key. Shown only in this answer: store it now. */
                            secret: string;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict), `plan_limit_reached` (Plan limit reached). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Get an API key
         * @description One live API key of the workspace (never its secret; revoked keys are 404).
         *
         *     **Credentials:** Needs a signed-in user (access token or session cookie); API keys get 403 forbidden.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description An API key id (key_…).
                     * @example key_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "key_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "api_key",
                         *       "name": "production server",
                         *       "mode": "live",
                         *       "prefix": "tf_live_key_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "last_four": "x9Qa",
                         *       "created_at": "2026-11-01T09:30:00.000Z",
                         *       "last_used_at": null
                         *     }
                         */
                        "application/json": components["schemas"]["ApiKey"];
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revoke an API key; it stops working at once.
         *
         *     **Credentials:** Needs a signed-in user (access token or session cookie); API keys get 403 forbidden.
         */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /**
                     * @description An API key id (key_…).
                     * @example key_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                204: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
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
        /**
         * List events
         * @description The workspace's events (kept 30 days), newest first.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Objects per page, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: the id of an object in this same list (usually next_cursor of the previous page); the page holds older objects. An id from another list or workspace is 400. */
                    starting_after?: string;
                    /** @description Cursor: the id of an object in this same list; the page holds newer objects. Not together with starting_after. */
                    ending_before?: string;
                    /** @description Only events of this type */
                    type?: "track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled";
                    /**
                     * @description Only events about this track (its progress history); an unknown or another workspace's track gives an empty list
                     * @example trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    track_id?: string;
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "object": "list",
                         *       "data": [
                         *         {
                         *           "id": "evt_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *           "type": "track.ready",
                         *           "created_at": "2026-11-01T09:30:00.000Z",
                         *           "data": {
                         *             "track": {
                         *               "id": "trk_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *               "object": "track",
                         *               "status": "ready"
                         *             }
                         *           }
                         *         }
                         *       ],
                         *       "has_more": false,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                /** @description evt_…; also the Standard Webhooks message id (webhook-id) */
                                id: string;
                                /** @enum {string} */
                                type: "track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled";
                                /**
                                 * Format: date-time
                                 * @description When it was created (ISO 8601, UTC).
                                 */
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
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
         * Job events (WebSocket)
         * @description WebSocket of signed job events (upgrade; see API.md "Events"). Connect with a WebSocket client. Frames: first {"type":"hello","workspace_id"}, then {"type":"event","id","timestamp","signature","payload"} signed like Standard Webhooks with the workspace signing secret (GET /v1/workspace). With last_event_id, every later event of the workspace is replayed in order before live ones. Send {"type":"subscribe","track_ids":[…]} to narrow to some tracks ([] for all). The server pings every 30 s. Browsers authenticate with the session cookie from an allowed Origin.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Replay every later event of the workspace, in order, before live ones
                     * @example evt_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z
                     */
                    last_event_id?: string;
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Switching Protocols: the WebSocket is open. */
                101: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `upgrade_required` (Upgrade required). */
                426: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#upgrade_required",
                         *       "title": "Upgrade required",
                         *       "status": 426,
                         *       "detail": "An example of upgrade_required.",
                         *       "code": "upgrade_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
    "/v1/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the workspace
         * @description The caller's workspace, with the secret that signs its events.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "workspace",
                         *       "name": "Ada's workspace",
                         *       "plan": "studio",
                         *       "signing_secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                         *     }
                         */
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
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Rotate the signing secret
         * @description Rotate the event signing secret; the old one stops verifying new frames at once.
         *
         *     **Credentials:** Needs a signed-in user (access token or session cookie); API keys get 403 forbidden.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "wsp_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "workspace",
                         *       "name": "Ada's workspace",
                         *       "plan": "studio",
                         *       "signing_secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                         *     }
                         */
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
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * List webhook endpoints
         * @description The workspace's webhook endpoints, newest first.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Objects per page, 1 to 100 (default 20). */
                    limit?: number;
                    /** @description Cursor: the id of an object in this same list (usually next_cursor of the previous page); the page holds older objects. An id from another list or workspace is 400. */
                    starting_after?: string;
                    /** @description Cursor: the id of an object in this same list; the page holds newer objects. Not together with starting_after. */
                    ending_before?: string;
                };
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "object": "list",
                         *       "data": [
                         *         {
                         *           "id": "whe_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *           "object": "webhook_endpoint",
                         *           "url": "https://example.com/hooks/trackforge",
                         *           "description": "Production receiver",
                         *           "event_types": [
                         *             "track.ready",
                         *             "track.failed"
                         *           ],
                         *           "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                         *           "status": "enabled",
                         *           "disabled_reason": null,
                         *           "created_at": "2026-11-01T09:30:00.000Z"
                         *         }
                         *       ],
                         *       "has_more": false,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                /** @description Webhook endpoint id: whe_ followed by a 26-character ULID. */
                                id: string;
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                url: string;
                                /** @description Your own note about the endpoint */
                                description: string | null;
                                /** @description Event types sent to this endpoint; empty = all */
                                event_types: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                                /** @description whsec_… secret that signs this endpoint's deliveries (Standard Webhooks) */
                                secret: string;
                                /** @enum {string} */
                                status: "enabled" | "disabled";
                                /** @description Why deliveries stopped, e.g. the URL answered 410 Gone */
                                disabled_reason: string | null;
                                /**
                                 * Format: date-time
                                 * @description When it was created (ISO 8601, UTC).
                                 */
                                created_at: string;
                            }[];
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Create an endpoint that receives signed event POSTs (its secret is in the answer). A workspace holds at most its plan's number of endpoints, enabled or disabled (Free 5, Studio 25, Enterprise 100); past it the answer is 409 `plan_limit_reached`: delete an endpoint you no longer use (`DELETE /v1/webhook-endpoints/{id}`) or upgrade the plan.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "url": "https://example.com/hooks/trackforge",
                     *       "event_types": [
                     *         "track.ready",
                     *         "track.failed"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uri
                         * @description Public http(s) URL that receives POSTs of events
                         */
                        url: string;
                        /** @description Your own note about the endpoint (at most 500 characters) */
                        description?: string;
                        /** @description Omit or [] for every event type */
                        event_types?: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "whe_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "webhook_endpoint",
                         *       "url": "https://example.com/hooks/trackforge",
                         *       "description": "Production receiver",
                         *       "event_types": [
                         *         "track.ready",
                         *         "track.failed"
                         *       ],
                         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                         *       "status": "enabled",
                         *       "disabled_reason": null,
                         *       "created_at": "2026-11-01T09:30:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Webhook endpoint id: whe_ followed by a 26-character ULID. */
                            id: string;
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            url: string;
                            /** @description Your own note about the endpoint */
                            description: string | null;
                            /** @description Event types sent to this endpoint; empty = all */
                            event_types: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                            /** @description whsec_… secret that signs this endpoint's deliveries (Standard Webhooks) */
                            secret: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            /** @description Why deliveries stopped, e.g. the URL answered 410 Gone */
                            disabled_reason: string | null;
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
                            created_at: string;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict), `plan_limit_reached` (Plan limit reached). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Get a webhook endpoint
         * @description One webhook endpoint.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /** @example whe_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "whe_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "webhook_endpoint",
                         *       "url": "https://example.com/hooks/trackforge",
                         *       "description": "Production receiver",
                         *       "event_types": [
                         *         "track.ready",
                         *         "track.failed"
                         *       ],
                         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                         *       "status": "enabled",
                         *       "disabled_reason": null,
                         *       "created_at": "2026-11-01T09:30:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Webhook endpoint id: whe_ followed by a 26-character ULID. */
                            id: string;
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            url: string;
                            /** @description Your own note about the endpoint */
                            description: string | null;
                            /** @description Event types sent to this endpoint; empty = all */
                            event_types: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                            /** @description whsec_… secret that signs this endpoint's deliveries (Standard Webhooks) */
                            secret: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            /** @description Why deliveries stopped, e.g. the URL answered 410 Gone */
                            disabled_reason: string | null;
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
                            created_at: string;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Delete a webhook endpoint; its queued deliveries are dropped.
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /** @example whe_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Change an endpoint: url, description, event_types, or enabled (re-enable after it was disabled).
         *
         *     **Credentials:** Needs an API key, an access token or the session cookie.
         */
        patch: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                };
                path: {
                    /** @example whe_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "description": "Production receiver",
                     *       "enabled": true
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uri
                         * @description A new public http(s) URL; checked like a new endpoint
                         */
                        url?: string;
                        /** @description A new note; null removes it */
                        description?: string | null;
                        /** @description The new list; [] for every event type */
                        event_types?: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                        /** @description true enables a disabled endpoint again (after a 410 or 5 days of failures; what was cancelled stays cancelled, replay it from GET /v1/events); false disables it and cancels its queued deliveries */
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "whe_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z",
                         *       "object": "webhook_endpoint",
                         *       "url": "https://example.com/hooks/trackforge",
                         *       "description": "Production receiver",
                         *       "event_types": [
                         *         "track.ready",
                         *         "track.failed"
                         *       ],
                         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                         *       "status": "enabled",
                         *       "disabled_reason": null,
                         *       "created_at": "2026-11-01T09:30:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description Webhook endpoint id: whe_ followed by a 26-character ULID. */
                            id: string;
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            url: string;
                            /** @description Your own note about the endpoint */
                            description: string | null;
                            /** @description Event types sent to this endpoint; empty = all */
                            event_types: ("track.queued" | "track.generating" | "track.ready" | "track.failed" | "webhook_endpoint.disabled")[];
                            /** @description whsec_… secret that signs this endpoint's deliveries (Standard Webhooks) */
                            secret: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            /** @description Why deliveries stopped, e.g. the URL answered 410 Gone */
                            disabled_reason: string | null;
                            /**
                             * Format: date-time
                             * @description When it was created (ISO 8601, UTC).
                             */
                            created_at: string;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `uri_too_long` (URI too long). */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#uri_too_long",
                         *       "title": "URI too long",
                         *       "status": 414,
                         *       "detail": "An example of uri_too_long.",
                         *       "code": "uri_too_long",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
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
         * Start a checkout
         * @description Start a Stripe Checkout Session for a plan or a credit pack (workspace owner). Needs a signed-in user (API keys get 403). 503 billing_not_configured when the server has no Stripe key.
         *
         *     **Credentials:** Needs a signed-in user (access token or session cookie); API keys get 403 forbidden.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "price": "studio_monthly",
                     *       "success_url": "https://trackforge.dev/studio?checkout=done",
                     *       "cancel_url": "https://trackforge.dev/studio"
                     *     }
                     */
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
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "cs_test_a1B2c3",
                         *       "url": "https://checkout.stripe.com/c/pay/cs_test_a1B2c3"
                         *     }
                         */
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
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable), `billing_not_configured` (Billing not configured). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
         * Open the billing portal
         * @description Open the Stripe customer portal for the workspace's subscription (workspace owner). Needs a signed-in user (API keys get 403). 503 billing_not_configured when the server has no Stripe key.
         *
         *     **Credentials:** Needs a signed-in user (access token or session cookie); API keys get 403 forbidden.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "return_url": "https://trackforge.dev/studio"
                     *     }
                     */
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
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "url": "https://billing.stripe.com/p/session/test_a1B2c3"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: uri
                             * @description Redirect the user here
                             */
                            url: string;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unauthenticated` (Authentication required). */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unauthenticated",
                         *       "title": "Authentication required",
                         *       "status": 401,
                         *       "detail": "An example of unauthenticated.",
                         *       "code": "unauthenticated",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `plan_required` (Plan upgrade required), `forbidden` (Forbidden). */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#plan_required",
                         *       "title": "Plan upgrade required",
                         *       "status": 403,
                         *       "detail": "An example of plan_required.",
                         *       "code": "plan_required",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `not_found` (Not found). */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#not_found",
                         *       "title": "Not found",
                         *       "status": 404,
                         *       "detail": "An example of not_found.",
                         *       "code": "not_found",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable), `billing_not_configured` (Billing not configured). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
        /**
         * Receive a Stripe event
         * @description Receive a Stripe event (verified with the Stripe-Signature header).
         *
         *     **Credentials:** Called by Stripe, verified with the Stripe-Signature header.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "stripe-signature"?: string;
                    /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
                    "Trackforge-Version"?: components["parameters"]["TrackforgeVersion"];
                    /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
                    "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "received": true,
                         *       "duplicate": false
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            received: true;
                            /** @description True when this event id was processed before (nothing was done) */
                            duplicate: boolean;
                        };
                    };
                };
                /** @description Problem details; `code` is one of: `validation_failed` (Validation failed). */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#validation_failed",
                         *       "title": "Validation failed",
                         *       "status": 400,
                         *       "detail": "An example of validation_failed.",
                         *       "code": "validation_failed",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_in_progress` (Request in progress), `conflict` (Conflict). */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_in_progress",
                         *       "title": "Request in progress",
                         *       "status": 409,
                         *       "detail": "An example of idempotency_in_progress.",
                         *       "code": "idempotency_in_progress",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `payload_too_large` (Payload too large). */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#payload_too_large",
                         *       "title": "Payload too large",
                         *       "status": 413,
                         *       "detail": "An example of payload_too_large.",
                         *       "code": "payload_too_large",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unsupported_media_type` (Unsupported media type). */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unsupported_media_type",
                         *       "title": "Unsupported media type",
                         *       "status": 415,
                         *       "detail": "An example of unsupported_media_type.",
                         *       "code": "unsupported_media_type",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `idempotency_key_reused` (Idempotency key reused). */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#idempotency_key_reused",
                         *       "title": "Idempotency key reused",
                         *       "status": 422,
                         *       "detail": "An example of idempotency_key_reused.",
                         *       "code": "idempotency_key_reused",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `rate_limited` (Too many requests). */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#rate_limited",
                         *       "title": "Too many requests",
                         *       "status": 429,
                         *       "detail": "An example of rate_limited.",
                         *       "code": "rate_limited",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `internal_error` (Internal server error). */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#internal_error",
                         *       "title": "Internal server error",
                         *       "status": 500,
                         *       "detail": "An example of internal_error.",
                         *       "code": "internal_error",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Problem details; `code` is one of: `unavailable` (Service unavailable), `billing_not_configured` (Billing not configured). */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["XRequestId"];
                        "Trackforge-Version": components["headers"]["TrackforgeVersion"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": "https://api.trackforge.dev/docs/errors#unavailable",
                         *       "title": "Service unavailable",
                         *       "status": 503,
                         *       "detail": "An example of unavailable.",
                         *       "code": "unavailable",
                         *       "param": null,
                         *       "request_id": "req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z"
                         *     }
                         */
                        "application/problem+json": components["schemas"]["Problem"];
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
            /** @description User id: usr_ followed by a 26-character ULID. */
            id: string;
            /** @constant */
            object: "user";
            /** Format: email */
            email: string;
            name: string | null;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601, UTC).
             */
            created_at: string;
        };
        WorkspaceInput: {
            /** @description Workspace id: wsp_ followed by a 26-character ULID. */
            id: string;
            /** @constant */
            object: "workspace";
            name: string;
            /** @enum {string} */
            plan: "free" | "studio" | "enterprise";
            /** @description Spendable credits and credits held by tracks being generated. */
            credits: {
                balance: number;
                held: number;
            };
            /**
             * Format: date-time
             * @description When it was created (ISO 8601, UTC).
             */
            created_at: string;
        };
        ApiKeyInput: {
            /** @description API key id: key_ followed by a 26-character ULID. */
            id: string;
            /** @constant */
            object: "api_key";
            name: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @description How the key starts, e.g. tf_live_key_01J… */
            prefix: string;
            last_four: string;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601, UTC).
             */
            created_at: string;
            last_used_at: string | null;
        };
        User: {
            /** @description User id: usr_ followed by a 26-character ULID. */
            id: string;
            /** @constant */
            object: "user";
            /** Format: email */
            email: string;
            name: string | null;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601, UTC).
             */
            created_at: string;
        };
        Workspace: {
            /** @description Workspace id: wsp_ followed by a 26-character ULID. */
            id: string;
            /** @constant */
            object: "workspace";
            name: string;
            /** @enum {string} */
            plan: "free" | "studio" | "enterprise";
            /** @description Spendable credits and credits held by tracks being generated. */
            credits: {
                balance: number;
                held: number;
            };
            /**
             * Format: date-time
             * @description When it was created (ISO 8601, UTC).
             */
            created_at: string;
        };
        ApiKey: {
            /** @description API key id: key_ followed by a 26-character ULID. */
            id: string;
            /** @constant */
            object: "api_key";
            name: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @description How the key starts, e.g. tf_live_key_01J… */
            prefix: string;
            last_four: string;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601, UTC).
             */
            created_at: string;
            last_used_at: string | null;
        };
        /** @description RFC 9457 problem details. `code` is stable and documented in docs/errors.md; other members (such as `required_plan`) may be added for some codes. */
        Problem: {
            /**
             * Format: uri
             * @description {PUBLIC_URL}/docs/errors#{code}: the server's page explaining the code
             */
            type: string;
            /** @description Short, fixed summary of the code. */
            title: string;
            /** @description The HTTP status, repeated. */
            status: number;
            /** @description What went wrong with this request and how to fix it. */
            detail: string;
            /**
             * @description Stable machine-readable code.
             * @enum {string}
             */
            code: "validation_failed" | "invalid_token" | "unauthenticated" | "insufficient_credits" | "forbidden" | "plan_required" | "not_found" | "method_not_allowed" | "request_timeout" | "conflict" | "idempotency_in_progress" | "plan_limit_reached" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "range_not_satisfiable" | "idempotency_key_reused" | "unprocessable_input" | "unprocessable_track" | "upgrade_required" | "rate_limited" | "headers_too_large" | "internal_error" | "not_implemented" | "unavailable" | "billing_not_configured";
            /** @description The field, query parameter or header at fault (dotted path), or null. */
            param?: string | null;
            /** @description The X-Request-Id of this request; quote it to support. */
            request_id: string;
            /** @description validation_failed: one entry per invalid field. */
            errors?: {
                param: string;
                message: string;
                /** @description The validator’s own code, e.g. too_small, invalid_type. */
                code: string;
            }[];
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: {
        /** @description Pin the API version (YYYY-MM-DD); the answer echoes the version used. */
        TrackforgeVersion: string;
        /** @description Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request id (req_…); a well-formed X-Request-Id sent by the caller is reused. */
        XRequestId: string;
        /** @description The API version that answered (YYYY-MM-DD). */
        TrackforgeVersion: string;
        /** @description IETF RateLimit fields: what is left of the current window, e.g. `"default";r=59;t=30`. */
        RateLimit: string;
        /** @description IETF RateLimit-Policy: the quota and window that apply, e.g. `"default";q=60;w=60`. One quota per principal: all API keys of a workspace share one, all sessions and access tokens of a user another, requests without a credential count per client address. */
        RateLimitPolicy: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description Bearer */
        WwwAuthenticate: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
