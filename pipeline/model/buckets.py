"""What the commands that read the model's results need to know of its evidence buckets, without
loading numpy (`pipeline explain` reads a word's decision and says when its bucket is sparse)."""

MIN_COMPARABLE = 10  # a sparse bucket: fewer earlier new words than this
