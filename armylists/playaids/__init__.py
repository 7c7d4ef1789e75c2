"""What every game's play aids share: the errors and form helpers of their pages
(``tools``) and of their API endpoints (``api``)."""
