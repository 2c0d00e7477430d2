"""Multiple-choice evaluation formats (paper "Models Know Models Best: Evaluation via Model-Preferred Formats").

- `data`: the benchmarks (bundled subsets or a normalized folder) and the paper's splits;
- `formats`: symbol and cloze prompts, task prefixes/suffixes, k-shot demonstrations;
- `scoring`: raw-text continuation log-likelihoods on a transformers causal LM;
- `evaluate`: per-question predictions, option distributions and accuracies per format;
- `labels`: Algorithm 1 model-preference labels, majority vote, the human-typology heuristic;
- `classifier`: the format router (MiniLM-L6 sentence embeddings + logistic regression);
- `report`: routed accuracy, deltas and significance tests.
Importing this package never imports torch.
"""
