"""The networks of the training examples: MLPs in plain JAX, over ``uint8`` observations."""

import jax
import jax.numpy as jnp
import numpy as np


def init_mlp(key, sizes, last_scale):
    """Dense layers of ``sizes`` (orthogonal weights, ``sqrt(2)`` gain, the last
    ``last_scale``), zero biases."""
    keys = jax.random.split(key, len(sizes) - 1)
    layers = []
    for i, (k, n_in, n_out) in enumerate(zip(keys, sizes, sizes[1:])):
        scale = last_scale if i == len(sizes) - 2 else np.sqrt(2)
        w = jax.nn.initializers.orthogonal(scale)(k, (n_in, n_out), jnp.float32)
        layers.append({"w": w, "b": jnp.zeros(n_out, jnp.float32)})
    return layers


def mlp(layers, x):
    for layer in layers[:-1]:
        x = jnp.tanh(x @ layer["w"] + layer["b"])
    return x @ layers[-1]["w"] + layers[-1]["b"]


def features(observations):
    """``log1p`` of a batch of ``uint8`` observations ``(B, *observation_shape)``, flattened
    to ``(B, prod(observation_shape))`` ``float32`` (counts of tens stay near 1..4)."""
    return jnp.log1p(observations.reshape(observations.shape[0], -1).astype(jnp.float32))


def masked(logits, masks):
    """``logits`` with the ids ``masks`` rules out (0) at ``-1e9``: never sampled or chosen."""
    return jnp.where(masks > 0, logits, -1e9)


def cross_entropy(logits, actions):
    """The mean of ``-log softmax(logits)[actions]`` over a batch: logits ``(B, n)``, actions
    ``int (B,)``."""
    log_probs = jax.nn.log_softmax(logits)
    return -jnp.take_along_axis(log_probs, actions[:, None], 1).mean()


def minibatch(arrays, rng, size, rows=None):
    """``size`` rows drawn with replacement by ``rng`` from the first ``rows`` (all when not
    given) of every array of ``arrays`` (the same rows of each), as JAX arrays."""
    rows = len(next(iter(arrays.values()))) if rows is None else rows
    part = rng.integers(0, rows, size)
    return {name: jnp.asarray(value[part]) for name, value in arrays.items()}


def save(params, path):
    """``params`` (nested dicts and lists of arrays) as ``.npz``, keys the paths joined by
    ``/``."""
    leaves = jax.tree_util.tree_leaves_with_path(params)
    np.savez(path, **{jax.tree_util.keystr(k, simple=True, separator="/"): np.asarray(v)
                      for k, v in leaves})
