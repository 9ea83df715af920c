# Varnish in front of Trackforge (docs/DEPLOY.md "CDN and edge caching"): it keeps only what the
# API marks public, passes anything with a credential, and drops objects by surrogate key when an
# API node purges them (EDGE_PURGE=http, EDGE_PURGE_URL=http://<this cache>/). The same file runs
# in docker-compose.yml and in apps/api/test/edge/varnish-edge.test.ts (backend rewritten there).
vcl 4.1;

backend default {
    .host = "proxy";
    .port = "80";
}

# Who may purge: the API nodes (loopback, and the private ranges container networks use).
acl purgers {
    "127.0.0.0"/8;
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_recv {
    if (req.method == "PURGE" || req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(405, "Purging is for the API nodes"));
        }
        if (!req.http.Surrogate-Key) {
            return (synth(400, "Send the keys to purge in Surrogate-Key"));
        }
        # Every object whose Surrogate-Key holds one of the keys, as a whole word; the ban is
        # checked on each object's next lookup, so the very next request misses.
        ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.Surrogate-Key, "\s+", "|") + ")(\s|$)");
        return (synth(200, "Purged"));
    }
    if (req.http.Upgrade ~ "(?i)websocket") {
        return (pipe);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A credential (API key, access token, session cookie): the answer is that caller's own.
    if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)tf_session=") {
        return (pass);
    }
    # Other cookies say nothing to the API: without them anonymous reads share one object.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_pipe {
    if (req.http.Upgrade) {
        set bereq.http.Upgrade = req.http.Upgrade;
        set bereq.http.Connection = req.http.Connection;
    }
}

sub vcl_backend_response {
    # Only answers the API marks public are kept (it sends no-store or private on everything else);
    # Varnish's default would keep an answer without Cache-Control for 2 minutes.
    if (beresp.http.Cache-Control !~ "(^|,\s*)public(\s*,|$)" || beresp.http.Set-Cookie) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
}

sub vcl_deliver {
    # Whether this answer came from the cache (the edge tests and the bench read it).
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
