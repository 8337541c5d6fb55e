"""What happened in Nim, in English (tell): the log's words at every table; words_en takes them
from here, words_fr has the French."""

TAKES = "%s takes %d: %d"
