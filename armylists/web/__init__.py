"""Web plumbing under every page and endpoint: the middleware (health, API errors, odd
addresses), the brakes on logins and forms, the client's address, the app's manifest and
service worker, kept pages, and what every page view shares (``pages``)."""
